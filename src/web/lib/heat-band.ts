/** Trader spec 9's heat colour bands: above 75 red, above 50 orange, otherwise green. */
export type HeatBand = 'red' | 'orange' | 'green';

export function heatBand(heatScore: number): HeatBand {
  if (heatScore > 75) return 'red';
  if (heatScore > 50) return 'orange';
  return 'green';
}

/** The row's left border in that colour. */
export const HEAT_BORDER_CLASS: Record<HeatBand, string> = {
  red: 'border-l-red-500',
  orange: 'border-l-orange-500',
  green: 'border-l-emerald-500',
};
