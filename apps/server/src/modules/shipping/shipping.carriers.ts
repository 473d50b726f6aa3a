// The adapter interface and its errors live with the carrier plugins (carriers/); this name stays for
// the files that import them from here.
export * from './carriers/types';
