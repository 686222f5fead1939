#!/usr/bin/env node
/**
 * Fails when src/api/generated is not exactly what orval makes from ../openapi/openapi.yaml.
 *
 * It regenerates into a scratch copy of the web package (so the checked-out files are not
 * touched) and compares file lists and contents. In CI the checked-out files are the committed
 * ones, so this catches a contract change without regenerated code, and hand edits.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const generatedRel = join('src', 'api', 'generated');
// Inside node_modules so that the copied orval.config.ts still resolves the installed packages.
const scratch = join(web, 'node_modules', '.cache', 'check-generated');
const scratchWeb = join(scratch, 'web');

rmSync(scratch, { recursive: true, force: true });
mkdirSync(join(scratch, 'openapi'), { recursive: true });
mkdirSync(join(scratchWeb, 'src', 'lib'), { recursive: true });
cpSync(join(web, '..', 'openapi', 'openapi.yaml'), join(scratch, 'openapi', 'openapi.yaml'));
cpSync(join(web, 'orval.config.ts'), join(scratchWeb, 'orval.config.ts'));
cpSync(join(web, 'src', 'lib', 'http.ts'), join(scratchWeb, 'src', 'lib', 'http.ts')); // the mutator

const orval = join(web, '..', 'node_modules', '.bin', 'orval');
execFileSync(existsSync(orval) ? orval : 'orval', ['--config', 'orval.config.ts'], { cwd: scratchWeb, stdio: 'pipe' });

function listFiles(root) {
  if (!existsSync(root)) return [];
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(relative(root, path));
    }
  };
  walk(root);
  return out.sort();
}

const expectedRoot = join(scratchWeb, generatedRel);
const actualRoot = join(web, generatedRel);
const expected = listFiles(expectedRoot);
const actual = listFiles(actualRoot);
const problems = [];
for (const file of expected) {
  if (!actual.includes(file)) problems.push(`missing:  ${file}`);
  else if (!readFileSync(join(expectedRoot, file)).equals(readFileSync(join(actualRoot, file)))) {
    problems.push(`differs:  ${file}`);
  }
}
for (const file of actual) if (!expected.includes(file)) problems.push(`extra:    ${file}`);

rmSync(scratch, { recursive: true, force: true });

if (problems.length > 0) {
  console.error(`${generatedRel} is out of date with openapi/openapi.yaml (${problems.length} files):`);
  for (const p of problems.slice(0, 50)) console.error(`  ${p}`);
  if (problems.length > 50) console.error(`  … and ${problems.length - 50} more`);
  console.error('Run `npm run generate -w web` and commit the result; never edit generated files by hand.');
  process.exit(1);
}
console.log(`${generatedRel} matches openapi/openapi.yaml (${expected.length} files).`);
