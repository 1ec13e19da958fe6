// Each key starts with a NUL, which no name of a user's, a file's or a tool's does: the store's own
// records never meet a user's.

/** The run of a repository's packed pages (`PackedPages`). */
export const PACKED_RUN = '\u0000packed'

/** The start of a group of feed files a snapshot's batch brought (`FeedFileGroup`). */
export const SNAPSHOT_GROUP_PREFIX = '\u0000snapshot:'

/** The id of the pending counts' marker in the decisions store (`PendingCountsMarker`). */
export const PENDING_COUNTS_ID = '\u0000pending-counts'

/** The start of a decision page's id (`DecisionPage`): page ids sort apart from (before) every decision's own. */
export const DECISION_PAGE_PREFIX = '\u0000page:'
