/**
 * The cores the renderer may use: the machine's (os.availableParallelism(), which follows the
 * CPU affinity), fewer when the container's CPU quota allows fewer. Node's own count does not
 * read the quota (docker's `cpus`, a Kubernetes CPU limit), so a container with one CPU on a
 * 32-core host would otherwise start 32 workers and run out of memory.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return null;
  }
}

/** The quota in CPUs of the cgroup mounted at `root` (v2 `cpu.max`, else v1 CFS), or null for none. */
export function cgroupCpuQuota(root = '/sys/fs/cgroup'): number | null {
  const v2 = read(join(root, 'cpu.max'))?.split(/\s+/);
  const [quota, period] = v2 ?? [read(join(root, 'cpu', 'cpu.cfs_quota_us')), read(join(root, 'cpu', 'cpu.cfs_period_us'))];
  const cpus = Number(quota) / Number(period);
  return Number.isFinite(cpus) && cpus > 0 ? cpus : null;
}

/** Whole cores the process may keep busy: at least 1. */
export function usableCores(root?: string): number {
  const quota = cgroupCpuQuota(root);
  return Math.max(1, quota === null ? availableParallelism() : Math.min(availableParallelism(), Math.ceil(quota)));
}
