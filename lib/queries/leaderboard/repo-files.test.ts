import { describe, expect, it } from "vitest";
import { holdsScope, repoScopeFile, repoScopeFileFor } from "./repo-files";

const REPOS = ["acme/gadgets", "acme/widgets"];

describe("one-repository leaderboard files", () => {
  it("names a file by the repository's position, never by its name", () => {
    expect(repoScopeFile(0)).toBe("leaderboard-repos/0.json");
    expect(repoScopeFileFor(REPOS, { repos: ["acme/widgets"] })).toBe("leaderboard-repos/1.json");
    expect(repoScopeFileFor(REPOS, { repos: ["acme/gadgets"], taskIds: [] })).toBe("leaderboard-repos/0.json");
  });

  it("has no file for any other scope", () => {
    expect(repoScopeFileFor(REPOS, {})).toBeNull();
    expect(repoScopeFileFor(REPOS, { repos: REPOS })).toBeNull();
    expect(repoScopeFileFor(REPOS, { repos: ["acme/widgets"], taskIds: ["N1"] })).toBeNull();
    expect(repoScopeFileFor(REPOS, { repos: ["../../etc"] })).toBeNull();
  });

  it("accepts a file only for the scope it was built for", () => {
    expect(holdsScope({ scope: { repos: ["acme/widgets"] } }, { repos: ["acme/widgets"], taskIds: [] })).toBe(true);
    expect(holdsScope({ scope: { repos: ["acme/gadgets"] } }, { repos: ["acme/widgets"] })).toBe(false);
    expect(holdsScope({ scope: {} }, { repos: ["acme/widgets"] })).toBe(false);
  });
});
