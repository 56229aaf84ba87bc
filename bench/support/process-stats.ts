import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** CPU time (user + system) a process has used so far, in ms; undefined off Linux. */
export function cpuMs(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The most resident memory a process has had so far (VmHWM), in MiB; undefined off Linux. */
export function peakRssMib(pid: number | undefined): number | undefined {
  if (!pid || !existsSync(`/proc/${pid}/status`)) return undefined;
  const line = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Math.round(Number(line[1]) / 1024) : undefined;
}

/**
 * Starts a process's peak RSS (VmHWM) over from its current RSS, so the next peakRssMib is the peak
 * of what follows (Linux: `5` written to /proc/<pid>/clear_refs). False when it could not.
 */
export function resetPeakRss(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
