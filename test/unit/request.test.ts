import * as assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { GlobError } from '../../src/core/errors';
import { absoluteFrom, splitAbsolutePattern } from '../../src/core/request/absolutePattern';
import { normalizePattern, pathPlacesOutside, resolveRequest, type WorkspaceFolder } from '../../src/core/request/request';
import { withHome } from './helpers/home';
import { TempTree } from './helpers/tree';

describe('request: resolving path and pattern', () => {
  let tree: TempTree;
  let front: WorkspaceFolder;
  let back: WorkspaceFolder;

  before(() => {
    tree = new TempTree().write({ 'front/src/a.ts': 1, 'back/src/b.ts': 1, 'back/only-back/c.ts': 1, 'front/src/inner/d.ts': 1 });
    front = { name: 'front', path: tree.path('front') };
    back = { name: 'back', path: tree.path('back') };
  });
  after(() => tree.remove());

  it('searches every folder by default and shows multi-root paths with the folder name', async () => {
    const request = await resolveRequest({ pattern: '*.ts' }, { folders: [front, back] });
    assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.shownPrefix]), [[front.path, 'front/'], [back.path, 'back/']]);
    assert.equal(request.rootLabel, 'the 2 workspace folders');
    assert.equal(request.outsideWorkspace, false);
  });

  it('takes an absolute path or pattern that reaches a folder through a symbolic link as inside it', async () => {
    // Regression: with the folder opened as its resolved path (a command line started in a linked
    // directory; /tmp -> /private/tmp on macOS), "path": <link>/src was outside the workspace.
    const link = tree.path('front-link');
    symlinkSync(front.path, link);
    const byPath = await resolveRequest({ pattern: '*.ts', path: `${link}/src` }, { folders: [front, back] });
    assert.equal(byPath.outsideWorkspace, false);
    assert.deepEqual(byPath.scopes.map((scope) => [scope.searchRoot, scope.entryPrefix]), [[nodePath.join(front.path, 'src'), 'front/src/']]);
    // An absolute pattern is split at the folder as if written with its path; a trailing "/" kept.
    const byPattern = await resolveRequest({ pattern: `${link}/src/*.ts` }, { folders: [front, back] });
    assert.equal(byPattern.patternWasAbsolute, true);
    assert.equal(byPattern.absoluteElsewhere, undefined);
    assert.deepEqual([byPattern.scopes.map((scope) => scope.walkRoot), byPattern.pattern.source], [[front.path], '/src/*.ts']);
    const under = await resolveRequest({ pattern: `${link}/src/` }, { folders: [front, back] });
    assert.equal(under.pattern.source, '/src/');
    // A negation too (regression: "!<link>/src" stayed whole, named nothing inside the folder and
    // left out no file).
    const negated = await resolveRequest({ pattern: `!${link}/src`, path: front.path }, { folders: [front, back] });
    assert.deepEqual([negated.pattern.source, negated.patternWasAbsolute], ['!/src', true]);
    // A name that does not exist (yet) below the link is kept as written.
    const missing = await resolveRequest({ pattern: `${link}/src/none.ts` }, { folders: [front, back] });
    assert.deepEqual([missing.scopes.map((scope) => scope.walkRoot), missing.pattern.source], [[front.path], '/src/none.ts']);
    // A link to a place outside every folder stays outside.
    const outside = new TempTree().write({ 'x/e.ts': 1 });
    try {
      const away = tree.path('away-link');
      symlinkSync(outside.root, away);
      assert.equal((await resolveRequest({ pattern: '*.ts', path: `${away}/x` }, { folders: [front, back] })).outsideWorkspace, true);
    } finally {
      outside.remove();
    }
  });

  it('refuses a negated absolute pattern inside one of several folders rather than search that folder alone', async () => {
    // Regression: "!<front>/src/" (every file not under front/src) was split into the root front
    // and "!/src/": the files of back, which the negation matches too, were silently left out.
    await assert.rejects(
      resolveRequest({ pattern: `!${front.path}/src/` }, { folders: [front, back] }),
      (error: GlobError) => error.kind === 'invalidInput' && error.message.includes(`pass ${JSON.stringify(front.path)} as "path" and "!/src/" as "pattern"`),
    );
    // With the folder alone, as the advice says, it is split.
    const alone = await resolveRequest({ pattern: `!${front.path}/src/`, path: front.path }, { folders: [front, back] });
    assert.deepEqual([alone.scopes.map((scope) => scope.walkRoot), alone.pattern.source], [[front.path], '!/src/']);
    // Not negated, the files named lie in that folder only: narrowed to it.
    const positive = await resolveRequest({ pattern: `${front.path}/src/` }, { folders: [front, back] });
    assert.deepEqual([positive.scopes.map((scope) => scope.walkRoot), positive.pattern.source], [[front.path], '/src/']);
  });

  it('refuses a negation of one of several folders whole with the calls that list the others', async () => {
    // Regression: "!<front>" was told that no file in "the directory searched" can match and to
    // use "*", which lists front's files too; "!<front>/" was told to search front with "!/",
    // which finds nothing. What is asked for is the files of back.
    for (const pattern of [`!${front.path}`, `!${front.path}/`]) {
      await assert.rejects(
        resolveRequest({ pattern }, { folders: [front, back] }),
        (error: unknown) =>
          error instanceof GlobError &&
          error.kind === 'invalidInput' &&
          error.message ===
            `The pattern ${JSON.stringify(pattern)} leaves out ${front.path} whole, one of the 2 directories searched, but one pattern is matched in each of them, so it cannot leave out one of them only. To list the files of the others, search each of them: "path": ${JSON.stringify(back.path)}, "pattern": "*".`,
      );
    }
    // A folder that holds the one left out lists its other files with the negation from there;
    // one inside it goes with it.
    const whole = { name: 'whole', path: tree.root };
    await assert.rejects(
      resolveRequest({ pattern: `!${front.path}` }, { folders: [whole, front] }),
      (error: unknown) => error instanceof GlobError && error.message.endsWith(`search each of them: "path": ${JSON.stringify(tree.root)}, "pattern": "!/front".`),
    );
    await assert.rejects(
      resolveRequest({ pattern: `!${tree.root}/` }, { folders: [whole, front] }),
      (error: unknown) => error instanceof GlobError && error.message.includes('which holds every directory searched, so no file can match'),
    );
  });

  it('refuses a negation that starts with a folder name, as the paths of several folders are shown, where no folder holds that directory', async () => {
    // Regression: "!front/src", written as the answer shows front's paths, was matched inside each
    // folder, named nothing there, and left front/src/a.ts in the answer without a word.
    const refused = async (pattern: string, calls: string): Promise<void> => {
      await assert.rejects(
        resolveRequest({ pattern }, { folders: [front, back] }),
        (error: unknown) =>
          error instanceof GlobError &&
          error.kind === 'invalidInput' &&
          error.message.startsWith(`The pattern ${JSON.stringify(pattern)} starts with "front", the name of a workspace folder,`) &&
          error.message.endsWith(`search each folder: ${calls}.`),
      );
    };
    await refused('!front/src', '"path": "front", "pattern": "!/src"; "path": "back", "pattern": "*"');
    await refused('!/front/src/*.ts', '"path": "front", "pattern": "!/src/*.ts"; "path": "back", "pattern": "*"');
    await refused('!front/', '"path": "back", "pattern": "*"');
    // Where a folder holds a directory of that name, the negation names it, and is matched as written.
    const holding = new TempTree().write({ 'front/x.ts': 1 });
    try {
      const request = await resolveRequest({ pattern: '!front/src' }, { folders: [front, { name: 'other', path: holding.root }] });
      assert.equal(request.pattern.source, '!front/src');
    } finally {
      holding.remove();
    }
    // With a "path", or a name alone (a directory of that name at any depth), it is matched as written.
    assert.equal((await resolveRequest({ pattern: '!front/src', path: 'back' }, { folders: [front, back] })).pattern.source, '!front/src');
    assert.equal((await resolveRequest({ pattern: '!front' }, { folders: [front, back] })).pattern.source, '!front');
  });

  it('matches a negation starting with a folder name as written where a directory the pattern reads it as lies in a folder', async () => {
    // Regression: the folder's name was looked up as written, so a name the pattern reads as a glob
    // ("app[1]" matching app1/) or in another Unicode form (a decomposed café/) was taken for one no
    // folder holds, and a negation that left out app1/src's files was refused.
    const decomposed = 'cafe\u0301';
    const holding = new TempTree().write({ 'app1/src/a.ts': 1, [`${decomposed}/src/b.ts`]: 1 });
    try {
      for (const [name, pattern] of [['app[1]', '!app[1]/src'], ['app?', '!app?/src'], ['caf\u00e9', '!caf\u00e9/src']]) {
        const request = await resolveRequest({ pattern }, { folders: [{ name, path: front.path }, { name: 'other', path: holding.root }] });
        assert.equal(request.pattern.source, pattern);
      }
    } finally {
      holding.remove();
    }
  });

  it('takes a directory whose name starts with ".." as inside its folder', async () => {
    // Regression: "..cache" was told from a place above the folder by its first two characters, so
    // the person was asked before a search inside the workspace, and its paths were shown absolute.
    const holding = new TempTree().write({ '..cache/c.ts': 1 });
    try {
      const folders = [{ name: 'ws', path: holding.root }];
      assert.deepEqual(await pathPlacesOutside({ pattern: '*.ts', path: '..cache' }, { folders }), []);
      const request = await resolveRequest({ pattern: '*.ts', path: '..cache' }, { folders });
      assert.equal(request.outsideWorkspace, false);
      assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.entryPrefix]), [[holding.root, '..cache/']]);
    } finally {
      holding.remove();
    }
  });

  it('reads a path starting with a folder name as that folder', async () => {
    const request = await resolveRequest({ pattern: '*', path: 'back/src' }, { folders: [front, back] });
    assert.equal(request.scopes.length, 1);
    assert.equal(request.scopes[0].walkRoot, back.path);
    assert.deepEqual(request.scopes[0].rootSegments, ['src']);
    assert.equal(request.scopes[0].entryPrefix, 'back/src/');
  });

  it('reads a path starting with a folder name relative to each folder where that folder lacks the rest', async () => {
    // Regression: beside a folder named "src", "src/inner" was refused although front/src/inner
    // exists: only the folder of that name was looked in.
    const named = { name: 'src', path: tree.path('back', 'only-back') };
    const request = await resolveRequest({ pattern: '*', path: 'src/inner' }, { folders: [named, front] });
    assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.entryPrefix]), [[front.path, 'front/src/inner/']]);
    // The folder of that name still wins where it is what the path names.
    const own = await resolveRequest({ pattern: '*', path: 'src' }, { folders: [named, front] });
    assert.deepEqual(own.scopes.map((scope) => [scope.walkRoot, scope.entryPrefix]), [[named.path, 'src/']]);
    await assert.rejects(resolveRequest({ pattern: '*', path: 'src/nothing' }, { folders: [named, front] }), /"src\/nothing" does not exist/);
  });

  it('reads a path starting with a name two folders share in each folder, where neither of them holds the rest', async () => {
    // Regression: "src/inner" beside two folders named src was refused with "pass one of
    // "src (back)/inner", "src (other)/inner"", neither of which exists, though front/src/inner does.
    tree.write({ 'other/src/e.ts': 1 });
    const named = [{ name: 'src', path: tree.path('back', 'src') }, { name: 'src', path: tree.path('other', 'src') }];
    const found = await resolveRequest({ pattern: '*', path: 'src/inner' }, { folders: [...named, { ...front, name: 'whole' }] });
    assert.deepEqual(found.scopes.map((scope) => scope.searchRoot), [tree.path('front', 'src', 'inner')]);
    // Where one of them may be meant, it is still asked which.
    await assert.rejects(resolveRequest({ pattern: '*', path: 'src' }, { folders: [...named, { ...front, name: 'whole' }] }), /which 2 workspace folders would all be shown as/);
  });

  it('reads a path starting with "./" and a folder name as that folder, as without "./"', async () => {
    // Regression: "./back/src" was looked for as back/src inside each folder and refused, with
    // advice to pass "src" (which searches every folder), while "back/src" searched the folder back.
    for (const path of ['./back/src', 'back/./src', './back/src/']) {
      const request = await resolveRequest({ pattern: '*', path }, { folders: [front, back] });
      assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.entryPrefix]), [[back.path, 'back/src/']], path);
    }
  });

  it('reads a path starting with a folder name that holds "/" as that folder, and as it is shown beside the folder its name starts with', async () => {
    // Regression: a workspace file named a folder "front/end"; its files were shown as
    // "front/end/src/…", and "path": "front/end/src" was looked for in the folder named "front".
    const named = { name: 'front/end', path: back.path };
    const request = await resolveRequest({ pattern: '*', path: 'front/end/src' }, { folders: [{ name: 'other', path: front.path }, named] });
    assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.rootSegments, scope.entryPrefix]), [[back.path, ['src'], 'front/end/src/']]);
    // Beside a folder named "front" it is shown as "front-end" (folderNames.ts), and read so:
    // "front/end/src" is the one in front, as its files are shown.
    const beside = await resolveRequest({ pattern: '*', path: 'front-end/src' }, { folders: [front, named] });
    assert.deepEqual(beside.scopes.map((scope) => [scope.walkRoot, scope.rootSegments, scope.entryPrefix]), [[back.path, ['src'], 'front-end/src/']]);
    const shorter = await resolveRequest({ pattern: '*', path: 'front/src' }, { folders: [front, named] });
    assert.deepEqual(shorter.scopes.map((scope) => [scope.walkRoot, scope.entryPrefix]), [[front.path, 'front/src/']]);
  });

  it('searches each folder where a relative path exists', async () => {
    const both = await resolveRequest({ pattern: '*', path: 'src' }, { folders: [front, back] });
    assert.deepEqual(both.scopes.map((scope) => scope.entryPrefix), ['front/src/', 'back/src/']);
    const one = await resolveRequest({ pattern: '*', path: 'only-back' }, { folders: [front, back] });
    assert.deepEqual(one.scopes.map((scope) => scope.entryPrefix), ['back/only-back/']);
  });

  it('searches a directory a relative path names from several folders once', async () => {
    // Regression: "../front/src" names front/src from front and from back beside it; it was
    // searched once for each, so every file in it was listed and counted twice.
    const request = await resolveRequest({ pattern: '*', path: '../front/src' }, { folders: [front, back] });
    assert.deepEqual(request.scopes.map((scope) => [scope.searchRoot, scope.entryPrefix]), [[tree.path('front', 'src'), 'front/src/']]);
    // Regression: a file so named was checked for being a file only where one place was named, so it
    // was said not to exist, with the place named twice.
    await assert.rejects(
      resolveRequest({ pattern: '*', path: '../front/src/a.ts' }, { folders: [front, back] }),
      (error: unknown) => error instanceof GlobError && error.message.startsWith('The "path" "../front/src/a.ts" is a file, not a directory.'),
    );
  });

  it('walks from the innermost folder holding an absolute path and shows paths relative to it', async () => {
    const request = await resolveRequest({ pattern: '*', path: tree.path('front', 'src', 'inner') }, { folders: [front] });
    assert.equal(request.scopes[0].walkRoot, front.path);
    assert.deepEqual(request.scopes[0].rootSegments, ['src', 'inner']);
    assert.equal(request.scopes[0].shownPrefix, '');
    assert.equal(request.rootLabel, 'src/inner/');
  });

  it('marks a path outside every folder, shown absolute', async () => {
    const request = await resolveRequest({ pattern: '*', path: tree.path('back') }, { folders: [front] });
    assert.equal(request.outsideWorkspace, true);
    assert.equal(request.scopes[0].shownPrefix, `${back.path}/`);
    assert.equal(request.scopes[0].folder, undefined);
  });

  it('tells a "path" outside every folder from one inside, whether or not it exists, to ask the person first', async () => {
    // Regression: a missing "path" outside the workspace failed to resolve, so no confirmation was
    // asked, and the error then named the files beside it ("…/back/only-back is a directory…").
    // Each named as the directory it is: "../back/nothing-here" alone said not from where (regression).
    const outside = (input: object, folders = [front]): Promise<string[]> => pathPlacesOutside(input, { folders });
    assert.deepEqual(await outside({ pattern: '*', path: tree.path('back', 'only') }), [tree.path('back', 'only')]);
    assert.deepEqual(await outside({ pattern: '*', path: '../back/nothing-here' }), [tree.path('back', 'nothing-here')]);
    assert.deepEqual(await outside({ pattern: '*', path: tree.path('back') }), [tree.path('back')]);
    assert.deepEqual(await withHome(tree.root, () => outside({ pattern: '*', path: '~/back/only' })), [tree.path('back', 'only')]);
    assert.deepEqual(await outside({ pattern: '*', path: 'no-such-dir' }), []);
    assert.deepEqual(await outside({ pattern: '*', path: tree.path('front', 'no-such-dir') }), []);
    assert.deepEqual(await outside({ pattern: '*', path: '../back/nothing-here' }, [front, back]), []);
    assert.deepEqual(await outside({ pattern: '*', path: 'back/nothing-here' }, [front, back]), []);
    assert.deepEqual(await outside({ pattern: '*' }), []);
    // Input refused before anything is read never asks.
    assert.deepEqual(await outside({ pattern: '', path: tree.path('back') }), []);
  });

  it('expands ~ to the home directory', async () => {
    const request = await resolveRequest({ pattern: '*', path: '~' }, { folders: [front] });
    assert.equal(request.scopes[0].searchRoot, os.homedir());
  });

  it('reads a "path" starting with "~" as a folder\'s directory named "~" where one holds it, as a pattern (regression: it searched the home directory)', async () => {
    const literal = new TempTree().write({ '~/x.ts': 1, '~/sub/y.ts': 2 });
    try {
      const folders = [{ name: 'literal', path: literal.root }];
      for (const [path, root] of [['~', literal.path('~')], ['~/sub', literal.path('~', 'sub')]]) {
        const request = await resolveRequest({ pattern: '*', path }, { folders });
        assert.deepEqual([request.scopes[0].searchRoot, request.outsideWorkspace], [root, false], path);
      }
    } finally {
      literal.remove();
    }
  });

  it('searches a directory whose name is a space when "path" names it, and says a missing one does not exist', async () => {
    // Regression: "path": " " searched the whole workspace, also where the footer had offered it
    // for the directory " ", so following that advice gave the same page again.
    const spaced = new TempTree().write({ ' /x.ts': 1, 'y.ts': 2 });
    try {
      const folders = [{ name: 'spaced', path: spaced.root }];
      const request = await resolveRequest({ pattern: '*', path: ' ' }, { folders });
      assert.deepEqual([request.scopes[0].searchRoot, request.rootLabel], [spaced.path(' '), '" /"']);
      await assert.rejects(resolveRequest({ pattern: '*', path: '\t' }, { folders }), (error: unknown) => error instanceof GlobError && error.kind === 'pathNotFound' && /^The "path" "\\t" does not exist/.test(error.message));
    } finally {
      spaced.remove();
    }
  });

  it('reads "~" as the home directory where the folder\'s "~" is a link, and asks first', async () => {
    // Regression: a link named "~" (which a repository can bring, to the home directory or "/")
    // was read as the folder's own "~" directory, so "path": "~" listed where it led, unasked.
    const linked = new TempTree().write({ 'away/k.txt': 1, 'ws/a.ts': 2 });
    try {
      symlinkSync(linked.path('away'), linked.path('ws', '~'));
      const folders = [{ name: 'ws', path: linked.path('ws') }];
      await withHome(tree.root, async () => {
        const request = await resolveRequest({ pattern: '*', path: '~' }, { folders });
        assert.deepEqual([request.scopes[0].searchRoot, request.outsideWorkspace], [tree.root, true]);
        assert.notDeepEqual(await pathPlacesOutside({ pattern: '*', path: '~/nothing-here' }, { folders }), []);
        const pattern = await resolveRequest({ pattern: '~/front/src/*.ts' }, { folders: [...folders, front] });
        assert.deepEqual([pattern.pattern.source, pattern.patternWasAbsolute], ['/src/*.ts', true]);
      });
    } finally {
      linked.remove();
    }
  });

  it('reads "~" only in the folders whose "~" is a real directory, where another folder\'s is a link', async () => {
    // Regression: one folder's real "~" kept "path": "~" as written, and it was then read in
    // every folder, another folder's link named "~" too, whose target was listed unasked.
    const mixed = new TempTree().write({ 'away/k.txt': 1, 'real/~/a.ts': 2, 'linked/b.ts': 3 });
    try {
      symlinkSync(mixed.path('away'), mixed.path('linked', '~'));
      const folders = [
        { name: 'real', path: mixed.path('real') },
        { name: 'linked', path: mixed.path('linked') },
      ];
      for (const path of ['~', '~/']) {
        const request = await resolveRequest({ pattern: '*', path }, { folders });
        assert.deepEqual(
          request.scopes.map((scope) => scope.searchRoot),
          [mixed.path('real', '~')],
          path,
        );
        assert.deepEqual(await pathPlacesOutside({ pattern: '*', path }, { folders }), [], path);
      }
    } finally {
      mixed.remove();
    }
  });

  it('reads a pattern starting with "~/" as one in the home directory, unless a root holds "~"', async () => {
    await withHome(tree.root, async () => {
      // Inside a folder: split there, as an absolute pattern is.
      const inside = await resolveRequest({ pattern: '~/front/src/*.ts' }, { folders: [front] });
      assert.deepEqual([inside.scopes[0].walkRoot, inside.pattern.source, inside.patternWasAbsolute, inside.patternAsGiven], [front.path, '/src/*.ts', true, '~/front/src/*.ts']);
      // Negated, the same directory is left out (regression: "!~/front/src/" left out nothing).
      const negated = await resolveRequest({ pattern: '!~/front/src/' }, { folders: [front] });
      assert.deepEqual([negated.pattern.source, negated.patternWasAbsolute], ['!/src/', true]);
      // Outside: the directory it names, for the "path" advice.
      const outside = await resolveRequest({ pattern: '~/back/src/*.ts' }, { folders: [front] });
      assert.deepEqual(outside.absoluteElsewhere, { directory: tree.path('back', 'src'), pattern: './*.ts' });
      // A folder with a directory named "~" means that one.
      const literal = new TempTree().write({ '~/x.ts': 1 });
      try {
        const relative = await resolveRequest({ pattern: '~/*.ts' }, { folders: [{ name: 'literal', path: literal.root }] });
        assert.deepEqual([relative.pattern.source, relative.patternWasAbsolute, relative.absoluteElsewhere], ['~/*.ts', false, undefined]);
      } finally {
        literal.remove();
      }
    });
  });

  it('walks a path through a symbolic link out of its folder from the folder, marked to follow links; one inside as its target', async () => {
    symlinkSync(tree.path('back', 'src'), tree.path('front', 'linked'));
    const request = await resolveRequest({ pattern: '*', path: 'linked' }, { folders: [front] });
    assert.deepEqual(request.scopes.map((scope) => [scope.walkRoot, scope.rootSegments, scope.shownPrefix, scope.entryPrefix, scope.throughLink]), [
      [front.path, ['linked'], '', 'linked/', true],
    ]);
    const plain = await resolveRequest({ pattern: '*', path: 'src' }, { folders: [front] });
    assert.equal(plain.scopes[0].throughLink, undefined);
    // A link to a directory in the same folder stands for that directory.
    symlinkSync(tree.path('front', 'src', 'inner'), tree.path('front', 'inner-link'));
    const inside = await resolveRequest({ pattern: '*', path: 'inner-link' }, { folders: [front] });
    assert.deepEqual(inside.scopes.map((scope) => [scope.searchRoot, scope.rootSegments, scope.throughLink]), [[tree.path('front', 'src', 'inner'), ['src', 'inner'], undefined]]);
  });

  it('refuses an absolute pattern outside the given path', async () => {
    await assert.rejects(
      resolveRequest({ pattern: `${front.path}/src/*.ts`, path: back.path }, { folders: [front, back] }),
      (error: unknown) => error instanceof GlobError && /outside "path"/.test(error.message),
    );
    const inside = await resolveRequest({ pattern: `${back.path}/src/*.ts`, path: 'src' }, { folders: [front, back] });
    assert.deepEqual(inside.scopes.map((scope) => scope.entryPrefix), ['back/src/']);
    assert.equal(inside.pattern.source, '/*.ts');
    assert.equal(inside.patternAsGiven, `${back.path}/src/*.ts`);
    assert.equal(inside.patternWasAbsolute, true);
    // A leading "/" that only anchors, or one naming a place outside every root, is no split.
    for (const pattern of ['/src/*.ts', `${back.path}/src/*.ts`]) {
      const unsplit = await resolveRequest({ pattern }, { folders: [front] });
      assert.equal(unsplit.patternWasAbsolute, false, pattern);
      assert.equal(unsplit.patternAsGiven, pattern);
    }
  });

  it('refuses a pattern that is the path of a directory searched, and says how to list its files', async () => {
    // Regression: the folder's own path was looked for inside it, and the answer offered its
    // parent as "a directory outside the workspace" with the folder's name as the pattern.
    for (const [pattern, path, root] of [
      [front.path, undefined, front.path],
      [`${front.path}/src`, 'src', `${front.path}/src`],
    ] as const) {
      await assert.rejects(
        resolveRequest({ pattern, ...(path !== undefined ? { path } : {}) }, { folders: [front] }),
        (error: unknown) =>
          error instanceof GlobError && error.kind === 'invalidInput' && error.message.includes(`To list every file in it, use "pattern": "*" (or ${JSON.stringify(`${root}/`)}).`),
      );
    }
    // Negated, it leaves out every file: not "only files are returned" (regression).
    await assert.rejects(
      resolveRequest({ pattern: `!${front.path}` }, { folders: [front] }),
      (error: unknown) =>
        error instanceof GlobError && error.message === `The pattern "!${front.path}" leaves out the directory searched itself, so no file in it can match. To list every file in it, use "pattern": "*".`,
    );
    // With the trailing "/", the same is every file under it.
    const under = await resolveRequest({ pattern: `${front.path}/` }, { folders: [front] });
    assert.deepEqual([under.scopes[0].searchRoot, under.patternWasAbsolute], [front.path, true]);
  });

  it('notes the directory outside the search roots that an absolute pattern names', async () => {
    const elsewhere = async (pattern: string, path?: string) =>
      (await resolveRequest({ pattern, ...(path !== undefined ? { path } : {}) }, { folders: [front] })).absoluteElsewhere;
    // The longest leading run of plain segments that is a directory, whatever the rest is, anchored
    // there as the absolute pattern was (regression: "*.ts" and "b.ts" matched at every depth).
    assert.deepEqual(await elsewhere(`${back.path}/src/*.ts`), { directory: tree.path('back', 'src'), pattern: './*.ts' });
    assert.deepEqual(await elsewhere(`${back.path}/src/missing/**/*.ts`), { directory: tree.path('back', 'src'), pattern: 'missing/**/*.ts' });
    assert.deepEqual(await elsewhere(`${back.path}/s*/b.ts`), { directory: back.path, pattern: 's*/b.ts' });
    assert.deepEqual(await elsewhere(`${back.path}/src/`), { directory: tree.path('back', 'src'), pattern: '*' });
    assert.deepEqual(await elsewhere(`${back.path}/src/b.ts`), { directory: tree.path('back', 'src'), pattern: './b.ts' });
    // A directory as a whole is that directory, every file in it (regression: its parent and
    // "./src" were offered, which look for a file named src).
    assert.deepEqual(await elsewhere(`${back.path}/src`), { directory: tree.path('back', 'src'), pattern: '*' });
    const topmost = `/${tree.root.split('/')[1]}`;
    assert.deepEqual(await elsewhere(topmost), { directory: topmost, pattern: '*' });
    // Inside a search root the pattern is split instead; relative patterns and places that do not
    // exist name nothing; the filesystem root alone is never offered.
    assert.equal(await elsewhere(`${front.path}/src/*.ts`), undefined);
    assert.equal(await elsewhere('src/*.ts'), undefined);
    assert.equal(await elsewhere('/no-such-directory-here/x/*.ts'), undefined);
    assert.equal(await elsewhere('/*.ts'), undefined);
  });

  it('notes the directory outside the search roots that a negated absolute pattern names, where no root holds that path', async () => {
    // Regression: "!/elsewhere/*.ts" was matched inside the folder, left out no file, and the
    // answer listed every one without the note "/elsewhere/*.ts" gets.
    const elsewhere = async (pattern: string) => (await resolveRequest({ pattern }, { folders: [front] })).absoluteElsewhere;
    assert.deepEqual(await elsewhere(`!${back.path}/src/*.ts`), { directory: tree.path('back', 'src'), pattern: '!./*.ts', negated: true });
    assert.deepEqual(await elsewhere(`!${back.path}/src/missing/**/*.ts`), { directory: tree.path('back', 'src'), pattern: '!missing/**/*.ts', negated: true });
    // Every file there left out leaves none to list from there; "*" there leaves out each file
    // and each directory directly in it, so every file too (regression: "!./*" was offered).
    for (const pattern of [`!${back.path}/src`, `!${back.path}/src/`, `!${back.path}/src/**`, `!${back.path}/src/*`]) {
      assert.deepEqual(await elsewhere(pattern), { directory: tree.path('back', 'src'), negated: true }, pattern);
    }
    // Where a root holds the path it names, it leaves out the files there, as it says.
    const holder = new TempTree();
    try {
      holder.write({ [`${back.path.slice(1)}/src/b.ts`]: 1 });
      const held = await resolveRequest({ pattern: `!${back.path}/src/*.ts` }, { folders: [{ name: 'holder', path: holder.root }] });
      assert.equal(held.absoluteElsewhere, undefined);
    } finally {
      holder.remove();
    }
    // A directory named whole is matched as a name too: where a root holds a file at that path,
    // the negation leaves it out (regression: said it "left out no file").
    const fileHolder = new TempTree();
    try {
      fileHolder.write({ [`${back.path.slice(1)}/src`]: 1, 'kept.ts': 2 });
      const held = await resolveRequest({ pattern: `!${back.path}/src` }, { folders: [{ name: 'holder', path: fileHolder.root }] });
      assert.equal(held.absoluteElsewhere, undefined);
      // Under a file no file lies, so a pattern below the same path still left out none.
      const below = await resolveRequest({ pattern: `!${back.path}/src/*.ts` }, { folders: [{ name: 'holder', path: fileHolder.root }] });
      assert.deepEqual(below.absoluteElsewhere, { directory: tree.path('back', 'src'), pattern: '!./*.ts', negated: true });
    } finally {
      fileHolder.remove();
    }
  });

  it('asks for an absolute path when no folder is open', async () => {
    await assert.rejects(resolveRequest({ pattern: '*' }, { folders: [] }), /No workspace folder is open/);
    await assert.rejects(resolveRequest({ pattern: '*', path: 'src' }, { folders: [] }), /no workspace folder is open/);
    const request = await resolveRequest({ pattern: '*', path: front.path }, { folders: [] });
    assert.equal(request.outsideWorkspace, true);
  });
});

describe('request: Windows path rules (simulated)', () => {
  it('treats \\ as a separator on Windows only', () => {
    assert.equal(normalizePattern('src\\**\\*.ts', 'win32'), 'src/**/*.ts');
    assert.equal(normalizePattern('src\\*.ts', 'linux'), 'src\\*.ts');
    assert.equal(normalizePattern('./././a/*.ts', 'linux'), 'a/*.ts');
  });

  it('splits an absolute Windows pattern inside a folder', () => {
    const folder = { name: 'proj', path: 'C:\\work\\proj' };
    const split = splitAbsolutePattern(normalizePattern('C:\\work\\proj\\src\\*.ts', 'win32'), [{ root: folder.path, folder }], false, [folder], nodePath.win32);
    assert.equal(split.pattern, '/src/*.ts');
    const outside = splitAbsolutePattern('D:/other/*.ts', [{ root: folder.path, folder }], false, [folder], nodePath.win32);
    assert.equal(outside.pattern, 'D:/other/*.ts');
  });

  it('writes a pattern absolute from a folder as the split reads it back (absoluteFrom)', () => {
    const folders = [
      { name: 'proj', path: 'C:\\work\\proj' },
      { name: 'other', path: 'C:\\work\\other' },
    ];
    const roots = folders.map((folder) => ({ root: folder.path, folder }));
    for (const [pattern, anchored] of [
      ['/src/*.ts', '/src/*.ts'],
      ['src/*.ts', '/src/*.ts'],
      ['**/*.ts', '/**/*.ts'],
      ['*.ts', '/**/*.ts'],
      ['[rR][eE]*.md', '/**/[rR][eE]*.md'],
    ]) {
      const written = absoluteFrom('C:/work/proj', pattern);
      const split = splitAbsolutePattern(written, roots, false, folders, nodePath.win32);
      assert.equal(split.pattern, anchored, written);
      assert.deepEqual(split.searchRoots.map(({ root }) => root), ['C:\\work\\proj'], written);
    }
    assert.equal(absoluteFrom('/w/two/', '!*.log'), '!/w/two/**/*.log');
  });
});
