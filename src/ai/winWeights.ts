// Written by `npm run fit-eval -- --games 4000 --seed 1 --players medium --every 6`:
// winChance's weights per rule set and pawn count, in the order of FEATURE_NAMES. Do not edit by hand.
export const WIN_WEIGHTS: Readonly<Record<string, readonly number[]>> = {
  'kendall-5': [-0.015045, -0.68536, 0.34106],
  'traditional-5': [-0.039417, -0.17314, 0.43785],
  'pennsic-5': [0.0030857, -0.63471, 0.37477],
  'dancers-5': [-0.0038754, -0.033166, 0.216],
  'regency-5': [0.0063553, -0.14884, 0.27413],
  'kendall-7': [-0.011534, -0.47825, 0.23623],
};
