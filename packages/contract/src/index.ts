export * from './constants';
export * from './cs-path';
export * from './envelope';
export * from './errors';
export * from './register-patterns';
export * from './system';
export * from './validation';
