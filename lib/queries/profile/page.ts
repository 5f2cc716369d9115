// The benchmark profile (/r/<release>/profile/): its model.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeProfile, type ProfileModel } from "./model";

export const profilePage = definePage<ProfileModel>({
  name: "profile",
  model: defineDerived({ name: "profile page", compute: (src, m: PageMeta) => computeProfile(src, m) }),
});
