/**
 * zod checks every API answer. Its fast path compiles object schemas with `new Function`, which
 * the site's content security policy forbids (script-src without 'unsafe-eval'); even the probe
 * for it is reported as a policy violation. The site runs zod without it. Imported first by
 * main.tsx, before any schema is used.
 */
import { config } from 'zod';

config({ jitless: true });
