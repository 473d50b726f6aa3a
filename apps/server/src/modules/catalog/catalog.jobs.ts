import { job } from '../../platform/module';
import type { QuoteService } from './quote.service';

export const catalogJobs = (quotes: QuoteService) => [
  job('catalog.prune-quote-samples', () => quotes.pruneSamples(), {
    cron: '41 3 * * *',
    description: 'Keep the newest quote samples used by price table previews',
  }),
];
