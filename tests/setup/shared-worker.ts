import { join } from 'node:path';
import { useCatalogue } from '../../server/catalogue';

/**
 * The integration files share their worker's modules (vitest.config.ts: isolate false), so the
 * server's modules load once per worker, not once per file. What a file may leave behind in
 * them is set back here, before each file: the engine's default catalogue (a file that starts a
 * server on a CATALOGUE_DIR of its own leaves that one the default until the next server starts).
 * Module caches keyed by a store's ids are keyed by the store or the content as well
 * (server/domain/forms/forms.ts), since one worker now serves many files' stores.
 */
useCatalogue([join(import.meta.dirname, '../../schemas')]);
