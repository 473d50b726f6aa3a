// The demo seller's opening balance is seeded with the demo seller (users.seed.ts).
export { DEMO_OPENING_BALANCE_CENTS as DEMO_TOP_UP_CENTS } from '../wallet';
