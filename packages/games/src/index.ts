export * from './fair/crash';
export * from './fair/dice';
export * from './rng';
export * from './slot/engine';
export * from './slot/info';
export * from './slot/model';
export * from './slot/model-1';
export * from './slot/rtp';
