// The charts (uPlot: the Pay Index trend and the admin's analytics) draw on a canvas, which CSS
// cannot colour: they read the theme's colours from index.css's --chart-* properties when they draw,
// and draw again when the theme changes (useColourScheme).

export type ChartColour = 'navy' | 'blue' | 'grey' | 'red' | 'amber' | 'green';

export type ChartColours = {
  /** Axis labels. */
  axis: string;
  /** Grid lines and ticks. */
  grid: string;
  series(colour: ChartColour): string;
};

export function chartColours(): ChartColours {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(`--chart-${name}`).trim();
  return { axis: read('axis'), grid: read('grid'), series: read };
}

/** An axis drawn in the theme's colours (uPlot's default is black on the assumption of a white page). */
export function themedAxis<T extends object>(colours: ChartColours, axis: T) {
  return { stroke: colours.axis, grid: { stroke: colours.grid }, ticks: { stroke: colours.grid }, ...axis };
}
