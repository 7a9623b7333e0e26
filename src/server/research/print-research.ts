/** The research harness's report as Markdown tables (the research log takes them as they are). */
import type { ResearchResult } from './run-research';
import type { Universe } from './types';

const fmt = (x: number, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

export function printResearch(o: {
  universe: Universe;
  result: ResearchResult;
  fees: string;
  variants?: boolean;
  seconds: number;
}) {
  const { universe, result } = o;
  const days = (universe.hours / 24).toFixed(0);
  const from = new Date(universe.start).toISOString().slice(0, 10);
  const symbols = universe.pairs.map((p) => p.symbol).join(', ');
  console.log(
    `Research: ${universe.pairs.length} pairs (${symbols}), ${days} days from ${from}, fees ${o.fees}`,
  );
  console.log(
    `${result.trials} variants tried in all (the deflated Sharpe's N); ${o.seconds.toFixed(1)} s\n`,
  );
  console.log('| family | best variant | trades | hit % | mean net % | t | Sharpe | DSR | PBO | passes |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const f of result.families) {
    const cells = [
      f.name,
      `\`${f.variant}\` of ${f.variants}`,
      String(f.signals),
      fmt(100 * f.hitRate, 1),
      fmt(f.meanNetPercent),
      fmt(f.tStat),
      fmt(f.sharpe),
      fmt(f.deflatedSharpe),
      fmt(f.pbo),
      f.passes ? 'yes' : 'no',
    ];
    console.log(`| ${cells.join(' | ')} |`);
  }
  if (o.variants) printVariants(result);
  const p = result.published;
  const passingRefits = result.refits.filter((r) => r.verdicts.some((v) => v.passes)).length;
  console.log(
    `\nWalk-forward gate: ${result.refits.length} monthly refits, ${passingRefits} with a passing family; ` +
      `${p.signals} signals published`,
  );
  if (p.signals > 0)
    console.log(
      `published: mean net ${fmt(p.meanNetPercent)} % (t ${fmt(p.tStat)}), hit ${fmt(100 * p.hitRate, 1)} %, ` +
        `quintile spread ${fmt(p.quintileSpread)} points (t ${fmt(p.quintileSpreadT)}), ` +
        `Brier skill ${fmt(100 * p.brierSkill, 1)} %, calibration error ${fmt(p.calibrationMae, 1)} points`,
    );
}

function printVariants(result: ResearchResult) {
  console.log('\n| family | variant | trades | hit % | mean net % | t | Sharpe |');
  console.log('|---|---|---|---|---|---|---|');
  for (const verdict of result.verdicts)
    for (const r of verdict.records) {
      const cells = [fmt(100 * r.hitRate, 1), fmt(r.meanNetPercent), fmt(r.tStat), fmt(r.sharpe)];
      console.log(`| ${verdict.name} | \`${r.variant}\` | ${r.trades} | ${cells.join(' | ')} |`);
    }
}
