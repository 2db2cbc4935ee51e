import type { Linter } from 'eslint';

/** One flat-config entry per layer of src/, with its no-restricted-imports rule. */
export declare const layers: Linter.Config[];
