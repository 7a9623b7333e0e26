import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

/*
 * What a cold visit to one page costs, measured in headless Chromium: the JavaScript and CSS it
 * loads before the load event, and its Largest Contentful Paint.
 */

/** The assets index.html names (entry script, module preloads, stylesheets): the static first load. */
export function staticAssets(indexHtml: string): Set<string> {
  return new Set([...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!));
}

export interface FirstLoad {
  /** gzip (zlib's default level) bytes of the static assets loaded before the load event. */
  initialGzip: number;
  initialFiles: number;
  /** Chunks loaded on demand that still arrived before the load event (not counted above). */
  lazyBeforeLoad: string[];
}

interface ResourceTiming {
  name: string;
  responseEnd: number;
}

/** One cold load of `url`: which script and style files came before the load event, gzipped. */
export async function measureFirstLoad(browser: Browser, url: string, indexHtml: string): Promise<FirstLoad> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    const [loadStart, resources] = await page.evaluate<[number, ResourceTiming[]]>(`[
      performance.getEntriesByType('navigation')[0].loadEventStart,
      performance.getEntriesByType('resource').map((r) => ({ name: r.name, responseEnd: r.responseEnd })),
    ]`);
    const before = resources
      .filter((r) => r.responseEnd <= loadStart)
      .map((r) => new URL(r.name).pathname)
      .filter((path) => /\.(js|css)$/.test(path));
    const declared = staticAssets(indexHtml);
    const initial = before.filter((path) => declared.has(path));
    let initialGzip = 0;
    for (const path of initial) {
      const body = Buffer.from(await (await fetch(new URL(path, url))).arrayBuffer());
      initialGzip += gzipSync(body).length;
    }
    return {
      initialGzip,
      initialFiles: initial.length,
      lazyBeforeLoad: before.filter((path) => !declared.has(path)),
    };
  } finally {
    await context.close();
  }
}

export interface Lcp {
  ms: number;
  element: string;
}

/** One cold load's Largest Contentful Paint (the last candidate once the page has settled). */
export async function measureLcp(browser: Browser, url: string, settleMs = 1_500): Promise<Lcp> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(settleMs);
    return await page.evaluate<Lcp>(`new Promise((resolve) => {
      new PerformanceObserver((list) => {
        const last = list.getEntries().at(-1);
        resolve({ ms: last.startTime, element: last.element ? last.element.tagName.toLowerCase() : 'removed' });
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    })`);
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
