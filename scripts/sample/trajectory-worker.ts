// One worker thread of writeSampleTrajectories: plans the sample (deterministic) and writes its share of archives.
import { parentPort, workerData } from "node:worker_threads";
import { planSample } from "./generate";
import { writeArchives } from "./trajectory-archives";

const { outDir, archives } = workerData as { outDir: string; archives: string[] };
parentPort!.postMessage(await writeArchives(outDir, planSample(), new Set(archives)));
