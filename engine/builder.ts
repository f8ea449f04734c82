/**
 * The form builder's pure core: operations on stable keys, undo/redo history, key
 * generation and the checks a form must pass before it is saved. No React, no DOM.
 */
export * from './builder/types';
export * from './builder/keys';
export * from './builder/tree';
export * from './builder/ops';
export * from './builder/children';
export * from './builder/catalog';
export * from './builder/history';
export * from './builder/validate';
export * from './builder/rules';
export * from './builder/blocks';
