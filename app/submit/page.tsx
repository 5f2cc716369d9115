import type { Metadata } from "next";
import { SubmitGuide } from "@/components/submit/SubmitGuide";

export const metadata: Metadata = { title: "Submit results · Switch-SWE" };

export default function Submit() {
  return <SubmitGuide />;
}
