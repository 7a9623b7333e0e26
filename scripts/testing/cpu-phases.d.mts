export interface CpuSeconds {
  busy: number;
  idle: number;
}
export function readCpuSeconds(): CpuSeconds | null;
export function createPhaseClock(options?: { read?: () => CpuSeconds | null; now?: () => number }): {
  mark(name: string): void;
  lines(): string[];
};
export function referenceLoopMs(): number;
