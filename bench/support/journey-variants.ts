/** How a crowd of suppliers is run: its size, whether CPU-bound processes run beside the app, think time. */
export interface JourneyVariant {
  key: 'quiet' | 'loaded' | 'thinking';
  journeys: number;
  /** CPU-bound processes the bench runs beside the app (other work on the machine's cores). */
  hogs: number;
  /** Each supplier pauses between steps, as people do (5–30 s); without it, they click on at once. */
  thinking: boolean;
  /** Whether each step's p99 has the < 500 ms target (the think-time variant's). */
  stepTarget: boolean;
}

const DEFAULT = 'quiet=400,loaded=200,thinking=200';

/**
 * The variants BENCH_JOURNEYS asks for: `quiet=400,loaded=200,thinking=200` (the default: 400 at
 * once on a quiet machine, 200 at once beside two CPU-bound processes, 200 pausing between steps),
 * any subset of them, or a bare number for every variant at that size (a smoke run).
 */
export function journeyVariants(spec = process.env.BENCH_JOURNEYS ?? DEFAULT): JourneyVariant[] {
  const sizes = /^\d+$/.test(spec.trim())
    ? { quiet: Number(spec), loaded: Number(spec), thinking: Number(spec) }
    : Object.fromEntries(
        spec.split(',').map((part) => {
          const [key, size] = part.split('=');
          if (!['quiet', 'loaded', 'thinking'].includes(key!.trim()) || !/^\d+$/.test(size ?? ''))
            throw new Error(`BENCH_JOURNEYS: "${part}" is not quiet=N, loaded=N or thinking=N`);
          return [key!.trim(), Number(size)];
        }),
      );
  const variants: JourneyVariant[] = [];
  if (sizes.quiet)
    variants.push({
      key: 'quiet',
      journeys: sizes.quiet,
      hogs: 0,
      thinking: false,
      stepTarget: false,
    });
  if (sizes.loaded)
    variants.push({
      key: 'loaded',
      journeys: sizes.loaded,
      hogs: 2,
      thinking: false,
      stepTarget: false,
    });
  if (sizes.thinking)
    variants.push({
      key: 'thinking',
      journeys: sizes.thinking,
      hogs: 0,
      thinking: true,
      stepTarget: true,
    });
  return variants;
}

/** The variant in a row's words. */
export function describeVariant(variant: JourneyVariant): string {
  if (variant.thinking)
    return `${variant.journeys} started at once, 5–30 s of think time between steps`;
  if (variant.hogs) return `${variant.journeys} at once beside ${variant.hogs} CPU-bound processes`;
  return `${variant.journeys} at once`;
}

/**
 * A pause of 5–30 s, from a seeded generator so two runs pause alike (mulberry32).
 */
export function thinkTimes(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return 5_000 + unit * 25_000;
  };
}
