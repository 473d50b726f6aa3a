// Request bodies for bench/quote.ts, loaded by autocannon's worker thread (functions cannot cross threads).
// Keep CARRIERS, ZONES, BRACKETS and STEP in step with bench/quote-setup.ts.
const CARRIERS = 20;
const ZONES = 50;
const BRACKETS = 30;
const STEP = 1000;
let n = 0;

module.exports = (req) => {
  n++;
  const zone = n % ZONES;
  return {
    ...req,
    body: JSON.stringify({
      serviceCode: `S${n % CARRIERS}`,
      weight: 100 + ((n * 7919) % (BRACKETS * STEP - 200)),
      length: 20,
      width: 15,
      height: 10,
      country: 'US',
      zipcode: String(10000 + zone * 1000 + (n % 1000)).padStart(5, '0'),
      signature: n % 3 === 0,
    }),
  };
};
