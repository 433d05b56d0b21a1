import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';

type Props = {
  /** The tag's slug and its name ('' when no tag is in force; the name is the slug until the tags load). */
  tag: string;
  tagName?: string;
  area: string;
  onRemoveTag: () => void;
  onRemoveArea: () => void;
};

/** Issue 32: the tag and the postcode area a list is narrowed to, each a chip that removes itself. */
export function LabelFilterChips({ tag, tagName, area, onRemoveTag, onRemoveArea }: Props) {
  if (!tag && !area) return null;
  return (
    <div role="group" aria-label="Tag and area filters" className="flex flex-wrap items-center gap-2">
      {tag && (
        <Button variant="secondary" size="sm" onClick={onRemoveTag} aria-label={`Tag: ${tagName || tag}, remove this filter`}>
          Tag: {tagName || tag} <X aria-hidden="true" className="size-4" />
        </Button>
      )}
      {area && (
        <Button variant="secondary" size="sm" onClick={onRemoveArea} aria-label={`Area: ${area}, remove this filter`}>
          Area: {area} <X aria-hidden="true" className="size-4" />
        </Button>
      )}
    </div>
  );
}
