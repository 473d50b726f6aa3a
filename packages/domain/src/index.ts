export * from './access';
export * from './menu';
export * from './time';
export * from './money';
export * from './brackets';
export * from './discount';
export * from './pricing';
