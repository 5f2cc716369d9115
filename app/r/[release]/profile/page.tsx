import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ProfileView } from "@/components/profile/ProfileView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
// eslint-disable-next-line no-restricted-imports -- TODO(h-pages): issue 56 removes app/ → scripts/ imports
import { builtRelease, profile, releaseIndex } from "@/scripts/build/release-files";

export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ release: string }> }): Promise<Metadata> {
  return releaseMetadata((await params).release, "profile");
}

export function generateStaticParams() {
  return releaseIndex().map((r) => ({ release: r.release_id }));
}

export default async function ProfilePage({ params }: { params: Promise<{ release: string }> }) {
  const { release } = await params;
  const built = builtRelease(release);
  return (
    <ReleaseFrame built={built} page="profile">
      <h1 className="mb-3 text-xl font-semibold">{built.meta.benchmark} benchmark profile</h1>
      <ProfileView model={profile(release)} built={built} />
    </ReleaseFrame>
  );
}
