// Written by `npm run fit-eval -- --games 10000 --seed 1 --players medium --every 6 --rounds 1 --budget 1 --lambda 0.3`:
// winChance's weights per rule set and pawn count, in the order of FEATURE_NAMES. Do not edit by hand.
export const WIN_WEIGHTS: Readonly<Record<string, readonly number[]>> = {
  'kendall-5': [-0.0067912, 0.10953],
  'traditional-5': [-0.035178, 0.36486],
  'pennsic-5': [0.00072034, 0.16446],
  'dancers-5': [-0.0063959, 0.20539],
  'regency-5': [-0.0010747, 0.21709],
  'kendall-7': [-0.0068567, 0.04856],
};
