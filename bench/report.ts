/**
 * Renders results as Markdown, so a run's output can be pasted into the README as it is.
 */

import type { Candidate, CandidateId } from './candidates';
import type { HotFunction } from './cpuProfile';
import type { Block } from './blocks';
import type { WorkerReport } from './engineWorker';
import type { IsolatedCosts } from './isolate';
import { STAGES } from './stages';
import type { Summary } from './summary';
import { bytesPerPath, ms, percent, type EngineMemory, type TargetCheck } from './targets';

export function resultsTable(candidates: readonly Candidate[], summaries: ReadonlyMap<CandidateId, Summary>): string {
  const reference = (id: CandidateId): Summary | undefined => summaries.get(id);
  const ratio = (summary: Summary, id: CandidateId): string => {
    const against = reference(id);
    return against ? `${(summary.wallMs / against.wallMs).toFixed(2)}×` : '–';
  };
  const rows = [
    ['candidate', 'wall (median)', 'min–max', 'CPU user+sys', 'peak RSS', 'page faults', '× rg 15 sorted', '× floor', '× rg 13 sorted', 'event-loop max: median (worst)'],
    ['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:'],
  ];
  for (const candidate of candidates) {
    const summary = summaries.get(candidate.id);
    if (!summary) {
      continue;
    }
    rows.push([
      candidate.label,
      seconds(summary.wallMs),
      `${seconds(summary.minWallMs)}–${seconds(summary.maxWallMs)}`,
      summary.cpuMs === undefined ? '–' : seconds(summary.cpuMs),
      summary.peakRssKb === undefined ? '–' : `${(summary.peakRssKb / 1024).toFixed(0)} MiB`,
      summary.minorFaults === undefined ? '–' : Math.round(summary.minorFaults).toLocaleString('en-US'),
      ratio(summary, 'rg15Sorted'),
      ratio(summary, 'floor'),
      ratio(summary, 'rg13Sorted'),
      summary.eventLoopMaxMs === undefined ? '–' : `${ms(summary.eventLoopMedianMs ?? 0)} (${ms(summary.eventLoopMaxMs)})`,
    ]);
  }
  return rows.map((row) => `| ${row.join(' | ')} |`).join('\n');
}

export function memoryNote(memory: EngineMemory, matched: number): string {
  const perPath = bytesPerPath(memory, matched);
  const mib = (kb: number): string => `${(kb / 1024).toFixed(0)} MiB`;
  return `Engine memory, one cold search in a fresh process (no warm-up, whose heap would stay resident): idle ${mib(memory.idleRssKb)}, peak ${mib(memory.peakRssKb)} during the search${perPath === undefined ? '' : `: ${Math.round(perPath)} bytes per matched path over idle`}. That cold search took ${(memory.wallMs / 1000).toFixed(3)} s (the command line's search is cold too).`;
}

export function commandsList(candidates: readonly Candidate[]): string {
  return candidates.map((candidate) => `- ${candidate.label}: \`${candidate.shown}\``).join('\n');
}

/** The stage split of one instrumented in-process search. */
export function stageTable(report: WorkerReport): string {
  const stages = report.stages ?? {};
  const total = report.wallMs;
  const faults = report.stageFaults ?? {};
  const rows = ['| stage | ms | share | page faults |', '| --- | ---: | ---: | ---: |'];
  let accounted = 0;
  for (const stage of Object.values(STAGES)) {
    const value = stages[stage];
    if (value === undefined) {
      continue;
    }
    if (!stage.startsWith(' ')) {
      accounted += value;
    }
    // Sub-stages are indented with spaces; Markdown would drop them, so mark them instead.
    const label = stage.startsWith(' ') ? `↳ ${stage.trim()}` : stage;
    rows.push(`| ${label} | ${value.toFixed(0)} | ${percent(value / total)} | ${faults[stage]?.toLocaleString('en-US') ?? ''} |`);
  }
  rows.push(`| other (page objects, footer facts, glue) | ${(total - accounted).toFixed(0)} | ${percent((total - accounted) / total)} | |`);
  rows.push(`| **total** | **${total.toFixed(0)}** | | |`);
  const lines = [
    ...rows,
    '',
    `Main thread busy ${report.mainThreadActiveMs.toFixed(0)} ms of ${total.toFixed(0)} ms; CPU ${((report.cpuMs ?? 0) / 1000).toFixed(2)} s (engine threads + ripgrep).`,
  ];
  if (report.longestBlocks && report.longestBlocks.length > 0) {
    lines.push('', `Longest event-loop blocks of this search (bench/blocks.ts): ${report.longestBlocks.map(blockText).join('; ')}.`);
  }
  if (report.isolated) {
    lines.push('', isolatedTable(report.isolated, stages[STAGES.collect]));
  }
  if (report.missingProbes && report.missingProbes.length > 0) {
    lines.push(`Not timed (renamed or removed in the engine): ${report.missingProbes.join(', ')}.`);
  }
  return lines.join('\n');
}

/** Sort (with the look for paths to one file) + group + sample + render + spill over the total, from a stage run. */
export function tailShare(report: WorkerReport): number | undefined {
  const stages = report.stages;
  if (!stages) {
    return undefined;
  }
  const tail = [STAGES.sort, STAGES.aliases, STAGES.group, STAGES.sample, STAGES.render, STAGES.spill].reduce((sum, stage) => sum + (stages[stage] ?? 0), 0);
  return tail / report.wallMs;
}

/** `42 ms at +629 ms: sort 20, group 17, other 5` */
function blockText(block: Block): string {
  const parts = Object.entries(block.stages)
    .sort((a, b) => b[1] - a[1])
    .map(([stage, ms]) => `${stage.trim()} ${ms.toFixed(0)}`);
  const covered = Object.values(block.stages).reduce((sum, ms) => sum + ms, 0);
  const rest = block.ms - covered;
  if (rest >= 1) {
    parts.push(`unwrapped code ${rest.toFixed(0)}`);
  }
  return `${block.ms.toFixed(0)} ms at +${block.atMs.toFixed(0)} ms (${parts.join(', ')})`;
}

/** Listing and stat measured apart, next to what they cost together in the real search. */
function isolatedTable(costs: IsolatedCosts, overlappedMs: number | undefined): string {
  return [
    'Listing and stat measured apart, right after (bench/isolate.ts, same process):',
    '',
    '| part | ms |',
    '| --- | ---: |',
    `| listing alone: ripgrep + decode + match, nothing stat-ed | ${costs.listingAloneMs.toFixed(0)} |`,
    `| stat alone: the engine's stat pool over the ${costs.paths.toLocaleString('en-US')} matched paths | ${costs.statAloneMs.toFixed(0)} (main thread busy ${costs.statAloneMainThreadMs.toFixed(0)}) |`,
    `| the same paths with a plain fs.statSync loop | ${costs.statSyncLoopMs.toFixed(0)} |`,
    `| both overlapped, in the search above | ${overlappedMs === undefined ? '–' : overlappedMs.toFixed(0)} |`,
  ].join('\n');
}

export function hotFunctionsTable(functions: readonly HotFunction[]): string {
  return ['| function (self time) | ms |', '| --- | ---: |', ...functions.map((f) => `| \`${f.name}\` | ${f.selfMs.toFixed(0)} |`)].join('\n');
}

export function targetsList(checks: readonly TargetCheck[]): string {
  return checks.map((check) => `- ${check.met ? 'met' : '**missed**'}: ${check.target} — ${check.detail}`).join('\n');
}

function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(3)} s`;
}
