import { refreshTalentSearch } from './features/talent-search/read-model.ts';
import { onProfileChanged } from './infra/profile-events.ts';

// The read models that follow profile and account writes (infra/profile-events.ts, decision 185),
// subscribed once by whatever starts writing: the app (app.ts) and the seed:demo command line.

/** Subscribes every read model fed by profileChanged. Idempotent (one subscription per read model). */
export function subscribeReadModels(): void {
  onProfileChanged('talent-search', refreshTalentSearch);
}
