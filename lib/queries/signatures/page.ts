// The trace-signature page (/r/<release>/signatures/): detector prevalence, and the detectors against the
// release's human labels with the prevalence corrected for the latest audit. A release the trajectory pass did not
// analyse has empty derived tables (tables.ts): unknown shares, not an error.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeAudit, type AuditModel } from "./audit-model";
import { computePrevalence, type PrevalenceModel } from "./prevalence-model";

export const prevalencePage = definePage<PrevalenceModel>({
  name: "signature prevalence",
  model: defineDerived({ name: "signature prevalence page", compute: (src, m: PageMeta) => computePrevalence(src, m) }),
});

export const auditPage = definePage<AuditModel>({
  name: "signature audit",
  model: defineDerived({ name: "signature audit page", compute: (src, _m: PageMeta) => computeAudit(src) }),
});
