import { describe, expect, it } from "vitest";
import { binTasksFromFile, costBinFile, type CostBinFile } from "./bin-files";
import type { TaskCostRow } from "./tasks.sql";

const BINS = { lo: 0, width: 10, count: 5 };
const ROW = { config_id: "p", condition: "switched", task_id: "A" } as TaskCostRow;
const FILE: CostBinFile = {
  config_id: "p",
  bins: { cached: BINS, uncached: { lo: 0, width: 5, count: 5 } },
  cells: { cached: { switched: { "3": [ROW] } }, uncached: {} },
};

describe("cost bin files", () => {
  it("names a file by the configuration's position", () => {
    expect(costBinFile(4)).toBe("cost-bins/4.json");
  });

  it("answers only for its configuration, on the bins it was built on", () => {
    const sel = { configId: "p", condition: "switched", bin: 3 };
    expect(binTasksFromFile(FILE, "cached", BINS, sel)).toEqual([ROW]);
    expect(binTasksFromFile(FILE, "cached", BINS, { ...sel, configId: "q" })).toBeNull();
    expect(binTasksFromFile(FILE, "cached", { ...BINS, width: 20 }, sel)).toBeNull();
    expect(binTasksFromFile(FILE, "cached", BINS, { ...sel, bin: 2 })).toBeNull();
    expect(binTasksFromFile(FILE, "uncached", BINS, sel)).toBeNull();
  });
});
