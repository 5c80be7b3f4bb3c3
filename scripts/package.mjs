// Packages the VSIX from a staging folder holding only what ships: vsce would otherwise walk the
// whole checkout (test hosts, benchmark trees) before applying .vscodeignore. The ripgrep package
// carries one platform's binary, so the VSIX is built for this platform (--target).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const project = path.resolve(import.meta.dirname, '..');
const stage = path.join(project, '.package');
// --out DIR puts the VSIX there instead of the project folder (the packaging test uses it).
const outIndex = process.argv.indexOf('--out');
const outDirectory = outIndex === -1 ? project : path.resolve(process.argv[outIndex + 1]);
const target = `${process.platform}-${process.arch}`;

execFileSync(process.execPath, [path.join(project, 'esbuild.mjs'), '--production'], { stdio: 'inherit' });
rmSync(stage, { recursive: true, force: true });
mkdirSync(stage);
const shipped = ['package.json', 'README.md', 'LICENSE', '.vscodeignore', 'dist/extension.js', 'dist/globWorker.js', 'dist/statThread.js', 'media', 'node_modules/@vscode/ripgrep'];
for (const entry of readdirSync(path.join(project, 'node_modules/@vscode')).filter((name) => name.startsWith('ripgrep-'))) {
  shipped.push(`node_modules/@vscode/${entry}`);
}
for (const entry of shipped.filter((relative) => existsSync(path.join(project, relative)))) {
  cpSync(path.join(project, entry), path.join(stage, entry), { recursive: true });
}
// README images are relative links into media/, which ships too: VS Code shows them from the
// installed folder, so vsce must not rewrite them to a repository (there is none to name).
// The extension needs only ripgrep at run time (the rest is bundled), so the staged manifest
// lists only that dependency and vsce takes it with its platform binary.
const manifest = JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8'));
manifest.dependencies = { '@vscode/ripgrep': manifest.dependencies['@vscode/ripgrep'] };
delete manifest.devDependencies;
delete manifest.scripts;
writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const vsce = path.join(project, 'node_modules/@vscode/vsce/vsce');
execFileSync(process.execPath, [vsce, 'package', '--allow-missing-repository', '--no-rewrite-relative-links', '--target', target], { cwd: stage, stdio: 'inherit' });
for (const file of readdirSync(stage).filter((name) => name.endsWith('.vsix'))) {
  renameSync(path.join(stage, file), path.join(outDirectory, file));
  console.log(`packaged ${file}`);
}
rmSync(stage, { recursive: true, force: true });
