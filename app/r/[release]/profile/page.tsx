import type { Metadata } from "next";
import { releaseMetadata } from "@/app/_pages/page-meta";
import { ProfileView } from "@/components/profile/ProfileView";
import { ReleaseFrame } from "@/components/site/ReleaseFrame";
import { builtRelease, pageModel, releaseIndex } from "@/lib/source/answers-node";
import { profilePage } from "@/lib/queries/profile/page";

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
      <ProfileView model={await pageModel(release, profilePage)} built={built} />
    </ReleaseFrame>
  );
}
