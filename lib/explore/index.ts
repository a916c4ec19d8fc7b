export { listExplore, toExploreEntry, searchQuery, exploreStatement, decodeCursor, encodeCursor, type ExploreRow } from "./explore";
export { issuePlayerId, likeWorld, unlikeWorld, likedAmong, playerOf } from "./likes";
export { ZExploreQuery, ZLikeBody, ZLikeLookupBody, EXPLORE_SORTS, type ExploreQuery, type LikeBody } from "./requests";
