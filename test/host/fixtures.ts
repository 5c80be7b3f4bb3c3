/**
 * The workspaces the host tests open, built deterministically before VS Code starts: a
 * single-root workspace shaped like the SPEC's failure (an old unpacked archive holding most
 * files), with ignore files and exclude settings to honour; a multi-root workspace of two
 * uneven folders; and a directory outside both.
 */

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { at, TempTree } from '../unit/helpers/tree';

export interface HostFixtures {
  readonly single: string;
  readonly multiWorkspaceFile: string;
  readonly outside: string;
}

export function buildHostFixtures(root: string): HostFixtures {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const single = new TempTree(path.join(root, 'single'));
  for (let i = 0; i < 300; i += 1) {
    single.write({ [`archive/pkg-${i % 6}/file-${i}.js`]: at('2016-01-01', i) });
  }
  for (let i = 0; i < 20; i += 1) {single.write({ [`src/module-${i}.ts`]: at('2024-01-01', i) });}
  for (let i = 0; i < 10; i += 1) {single.write({ [`test/case-${i}.test.ts`]: at('2024-02-01', i) });}
  for (let i = 0; i < 5; i += 1) {single.write({ [`docs/page-${i}.md`]: at('2024-03-01', i) });}
  // 30 groups of 100, one group after another in time: the 100 oldest are all in group-0, so a
  // page of bulk/ that takes turns across its groups is a sample, not the oldest files.
  for (let i = 0; i < 3000; i += 1) {single.write({ [`bulk/group-${Math.floor(i / 100)}/item-${i}.dat`]: at('2024-04-01', i) });}
  single.write({
    'README.md': at('2024-05-01'),
    'LICENSE': at('2015-06-01'),
    // Excluded by settings: files.exclude, search.exclude, and a sibling-conditional exclude.
    'notes.tmp': at('2024-05-02'),
    'generated/out-1.ts': at('2024-05-03'),
    'generated/out-2.ts': at('2024-05-03'),
    'lib/a.ts': at('2024-05-04'),
    'lib/a.js': at('2024-05-04'),
    'lib/b.js': at('2024-05-04'),
    // Ignored by .gitignore, and node_modules by search.exclude's default too.
    'ignored/secret.ts': at('2024-05-05'),
    'node_modules/dep/index.ts': at('2024-05-05'),
  });
  writeFileSync(path.join(single.root, '.gitignore'), 'ignored/\nnode_modules/\n');
  mkdirSync(path.join(single.root, '.vscode'), { recursive: true });
  writeFileSync(
    path.join(single.root, '.vscode', 'settings.json'),
    JSON.stringify({
      'files.exclude': { '**/*.tmp': true },
      'search.exclude': { 'generated/**': true, '**/*.js': { when: '$(basename).ts' } },
    }, null, 2),
  );

  const front = new TempTree(path.join(root, 'multi', 'front'));
  for (let i = 0; i < 40; i += 1) {front.write({ [`src/view-${i}.ts`]: at('2018-01-01', i), [`styles/s-${i}.css`]: at('2018-02-01', i) });}
  const back = new TempTree(path.join(root, 'multi', 'back'));
  for (let i = 0; i < 8; i += 1) {back.write({ [`api/route-${i}.ts`]: at('2025-01-01', i), [`db/m-${i}.sql`]: at('2025-02-01', i) });}
  const multiWorkspaceFile = path.join(root, 'multi', 'multi.code-workspace');
  writeFileSync(multiWorkspaceFile, JSON.stringify({ folders: [{ path: 'front' }, { path: 'back' }] }, null, 2));

  const outside = new TempTree(path.join(root, 'outside'));
  // node_modules/: VS Code's search leaves it out of a directory outside the workspace too.
  outside.write({ 'x/one.txt': at('2020-01-01'), 'y/two.txt': at('2020-01-02'), 'x/node_modules/dep/three.txt': at('2020-01-03') });
  return { single: single.root, multiWorkspaceFile, outside: outside.root };
}
