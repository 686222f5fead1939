// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cgroupCpuQuota, usableCores } from '../cores';

function cgroup(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cgroup-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), `${text}\n`);
  }
  return root;
}

describe('the cores the renderer may use', () => {
  it("follow the container's CPU quota, cgroup v2 or v1, rounded up", () => {
    expect(cgroupCpuQuota(cgroup({ 'cpu.max': '150000 100000' }))).toBe(1.5);
    expect(cgroupCpuQuota(cgroup({ 'cpu/cpu.cfs_quota_us': '50000', 'cpu/cpu.cfs_period_us': '100000' }))).toBe(0.5);
    expect(usableCores(cgroup({ 'cpu.max': '50000 100000' }))).toBe(1);
    expect(usableCores(cgroup({ 'cpu.max': '100000 100000' }))).toBe(1);
  });

  it("are the machine's without a quota, and never more than the machine has", () => {
    expect(cgroupCpuQuota(cgroup({ 'cpu.max': 'max 100000' }))).toBeNull();
    expect(cgroupCpuQuota(cgroup({ 'cpu/cpu.cfs_quota_us': '-1', 'cpu/cpu.cfs_period_us': '100000' }))).toBeNull();
    expect(cgroupCpuQuota(cgroup({}))).toBeNull();
    expect(usableCores(cgroup({}))).toBe(availableParallelism());
    expect(usableCores(cgroup({ 'cpu.max': '6400000 100000' }))).toBe(availableParallelism());
  });
});
