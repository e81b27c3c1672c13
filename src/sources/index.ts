/** Sources: their profiles (data, from defaults and config) and the router that picks among them. */
export { DEFAULT_PROFILES } from "./defaults.js";
export { UnknownSourceError } from "./errors.js";
export { loadProfiles, profileNames } from "./load.js";
export { SourceProfileSchema } from "./profile.js";
export { profileDescriptions, profileEmbeddings } from "./profile-embeddings.js";
export { matchIndicators, routeQuery, ROUTING_WEIGHTS, scoreSources } from "./router.js";

export type { SourceProfile, SourceProfileInput } from "./profile.js";
export type { RouteQueryOptions, ScoreSourcesOptions, SourceScore } from "./router.js";
