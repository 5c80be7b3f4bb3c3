import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { GLOB_INPUT_FIELDS } from '../../src/core/request/input';
import { DEFAULT_SPILL_LIMITS } from '../../src/core/spill/spill';
import { DEFAULT_MAX_RESULTS } from '../../src/core/glob';

const PROJECT = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as {
  engines: { vscode: string };
  devDependencies: Record<string, string>;
  extensionKind: string[];
  main: string;
  capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[] }; virtualWorkspaces: { supported: boolean } };
  contributes: {
    languageModelTools: Array<{ name: string; toolReferenceName: string; canBeReferencedInPrompt: boolean; modelDescription: string; userDescription: string; displayName: string; inputSchema: { properties: Record<string, { type: string }>; required: string[] } }>;
    chatParticipants: Array<{ id: string; name: string }>;
    commands: Array<{ command: string; title: string; category: string }>;
    menus: { commandPalette: Array<{ command: string; when: string }> };
    configuration: { properties: Record<string, { scope?: string; default: unknown }> };
  };
};

describe('package.json (the extension manifest)', () => {
  const tool = manifest.contributes.languageModelTools[0];

  it('keeps the tool’s input schema in step with the input type the engine checks', () => {
    const schema = tool.inputSchema;
    assert.deepEqual(Object.keys(schema.properties).sort(), Object.keys(GLOB_INPUT_FIELDS).sort());
    for (const [field, { type, required }] of Object.entries(GLOB_INPUT_FIELDS)) {
      assert.equal(schema.properties[field].type, type, field);
      assert.equal(schema.required.includes(field), required, field);
    }
    // Copilot checks input against the schema before calling the tool; with additionalProperties
    // false its answer to an extra field is "must NOT have additional properties", without the
    // field's name. Left open, the field reaches the tool, whose error names it and says what to
    // send instead (input.ts); the tool still refuses it.
    assert.equal('additionalProperties' in schema, false);
  });

  it('contributes one glob tool a person can reference, described in the words a model searches for', () => {
    assert.equal(manifest.contributes.languageModelTools.length, 1);
    assert.equal(tool.name, 'glob');
    assert.equal(tool.toolReferenceName, 'glob');
    assert.equal(tool.canBeReferencedInPrompt, true);
    assert.ok(tool.displayName && tool.userDescription);
    for (const words of [/glob/, /[Ff]ind files/, /file search/, /pattern/, /oldest modified first/, /round-robin SAMPLE/, /includeIgnored/, /multi-root/, /INCOMPLETE/, /One glob per call/, /newest files are on the last/]) {
      assert.match(tool.modelDescription, words);
    }
  });

  it('declares the commands, the @glob participant and the settings', () => {
    assert.deepEqual(manifest.contributes.chatParticipants.map((participant) => participant.name), ['glob']);
    const titles = manifest.contributes.commands.map((command) => `${command.category}: ${command.title}`);
    assert.ok(titles.includes('Glob: Find Files…'));
    assert.ok(titles.includes('Glob: Open Last Complete List'));
    const settings = manifest.contributes.configuration.properties;
    assert.equal(settings['workspaceGlob.maxResults'].default, DEFAULT_MAX_RESULTS);
    assert.equal(settings['workspaceGlob.ripgrepPath'].scope, 'machine');
    // The defaults the settings module falls back on for a value of the wrong type.
    assert.equal(settings['workspaceGlob.timeoutSeconds'].default, 60);
    assert.equal(settings['workspaceGlob.completeLists.maxCount'].default, DEFAULT_SPILL_LIMITS.maxLists);
    assert.equal(settings['workspaceGlob.completeLists.maxMegabytes'].default, DEFAULT_SPILL_LIMITS.maxTotalBytes / 2 ** 20);
  });

  it('declares the command behind @glob s file links, out of the palette, so a link in a restored chat can start the extension', () => {
    // Found by a review: undeclared, a click on a link before any search in the window found no
    // command, since nothing had activated the extension.
    const command = 'workspaceGlob.openFoundFile';
    assert.ok(readFileSync(path.join(__dirname, '../../../src/vscode/chatParticipant.ts'), 'utf8').includes(`'${command}'`), 'the participant registers it');
    assert.ok(manifest.contributes.commands.some((declared) => declared.command === command));
    assert.deepEqual(manifest.contributes.menus.commandPalette.find((entry) => entry.command === command), { command, when: 'false' });
  });

  it('runs where the files are, works untrusted without letting a workspace pick the binary', () => {
    assert.deepEqual(manifest.extensionKind, ['workspace']);
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual(manifest.capabilities.untrustedWorkspaces.restrictedConfigurations, ['workspaceGlob.ripgrepPath']);
    assert.equal(manifest.capabilities.virtualWorkspaces.supported, false);
    assert.equal(manifest.main, './dist/extension.js');
  });

  it('targets no VS Code newer than the test host (1.139), and @types/vscode matches engines', () => {
    const engine = /^\^(\d+)\.(\d+)\.\d+$/.exec(manifest.engines.vscode);
    assert.ok(engine);
    assert.ok(Number(engine[2]) <= 139);
    assert.equal(manifest.devDependencies['@types/vscode'], manifest.engines.vscode.slice(1));
  });
});
