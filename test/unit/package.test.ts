import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { TempTree } from './helpers/tree';

const PROJECT = path.resolve(__dirname, '../../..');

describe('npm run package (the VSIX)', function () {
  this.timeout(180_000);
  let out: TempTree;
  before(() => {
    out = new TempTree();
    execFileSync(process.execPath, [path.join(PROJECT, 'scripts/package.mjs'), '--out', out.root], { cwd: PROJECT, stdio: 'pipe' });
  });
  after(() => out.remove());

  it('builds one platform VSIX with the bundled extension and the ripgrep package, and nothing else', () => {
    const vsix = readdirSync(out.root).filter((name) => name.endsWith('.vsix'));
    assert.deepEqual(vsix, [`workspace-glob-${process.platform}-${process.arch}-0.1.0.vsix`]);
    // python3's zipfile lists the archive without another npm dependency.
    const listing = execFileSync('python3', ['-m', 'zipfile', '-l', path.join(out.root, vsix[0])], { encoding: 'utf8' });
    const files = listing.split('\n').slice(1).map((line) => line.split(/\s+\d{4}-\d\d-\d\d/)[0].trim()).filter(Boolean);
    assert.ok(files.includes('extension/dist/extension.js'));
    assert.ok(files.includes('extension/dist/globWorker.js'), 'the search thread is missing');
    assert.ok(files.includes('extension/dist/statThread.js'), 'the stat threads are missing');
    assert.ok(files.includes('extension/package.json'));
    assert.ok(files.includes('extension/media/chat-glob-answer.png'), 'README screenshots missing');
    assert.ok(files.includes('extension/node_modules/@vscode/ripgrep/lib/index.js'));
    assert.ok(files.some((file) => /^extension\/node_modules\/@vscode\/ripgrep-[^/]+\/bin\/rg(\.exe)?$/.test(file)), 'no ripgrep binary');
    assert.deepEqual(files.filter((file) => /^extension\/(src|test|out|bench|\.vscode-test)\//.test(file)), []);
    assert.ok(!files.some((file) => file.includes('env-paths')), 'a dependency the bundle already holds was shipped');
  });
});
