import type { ContentPage } from './types.ts';

// The pay estimator's head and the text around the calculator, so the server's no-JavaScript
// render can show what the page is for (the calculator itself needs JavaScript).

export const PAY_ESTIMATOR_PAGE: ContentPage = {
  path: '/pay-estimator',
  title: 'Courier Pay Estimator',
  heading: 'Courier pay estimator',
  description:
    'Work out what a courier round really pays: gross, fuel and vehicle costs, net per hour against the National Living Wage, and Income Tax and NI for 2026/27.',
  lastReviewed: '2026-11-22',
  lastReviewedLabel: 'Last reviewed',
  toc: false,
  intro: [
    'Enter how you are paid, your drops or hours, your miles and your vehicle costs to see what a round pays after fuel and vehicle costs, per hour, per week and per year. It compares the result with the National Living Wage and estimates Income Tax and Class 4 National Insurance for the 2026/27 tax year, with HMRC\u2019s simplified mileage rates shown as the alternative to actual costs.',
    'This is an estimate, not tax advice. Real pay depends on your contract, deductions and other income: the tax estimate assumes the courier work is your only income and uses the income tax bands for England, Wales and Northern Ireland. Check with HMRC or an accountant before relying on it, and read more in the [UK courier guide](/courier-guide-uk).',
  ],
  sections: [],
};
