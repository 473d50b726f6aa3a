import type { Jobs } from '../../platform/jobs';
import type { QuoteService } from './quote.service';

export function registerCatalogJobs(jobs: Jobs, quotes: QuoteService): void {
  jobs.register('catalog.prune-quote-samples', () => quotes.pruneSamples(), {
    cron: '41 3 * * *',
    description: 'Keep the newest quote samples used by price table previews',
  });
}
