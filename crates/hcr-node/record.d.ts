/* The types of a Handoff Continuity Record (HCR v1.0), generated from protocol/v1/schema.json by
 * scripts/record-types.mjs (json-schema-to-typescript): do not edit; run `npm run record-types`. */

export type NonEmptyText = string
export type TextList = NonEmptyText[]
export type Evidence = Evidence1 & {
  id: NonEmptyText
  label: NonEmptyText
  claim?: NonEmptyText
  uri?: string
  artifactRef?: NonEmptyText
  contentType?: NonEmptyText
  sha256?: string
}
export type Evidence1 = { uri: string } | { artifactRef: NonEmptyText }

/**
 * A platform-neutral record of the state another human or AI agent needs to verify and continue interrupted work.
 */
export interface HandoffContinuityRecord {
  schemaVersion: '1.0'
  recordId?: string
  objective: Objective
  currentState: CurrentState
  decisions: Decision[]
  evidence: Evidence[]
  constraints: Constraint[]
  nextAction: NextAction
  ownership: Ownership
  openReview: ReviewItem[]
  provenance?: Provenance
  /**
   * Namespaced implementation-specific data. Extension keys should use a reverse-domain or absolute-URI namespace.
   */
  extensions?: {
    [k: string]: unknown | undefined
  }
}
export interface Objective {
  summary: NonEmptyText
  acceptanceCriteria: TextList
}
export interface CurrentState {
  complete: TextList
  inProgress: TextList
  blocked: TextList
  unverified: TextList
}
export interface Decision {
  summary: NonEmptyText
  rationale: NonEmptyText
  status: 'active' | 'superseded'
  supersedes?: NonEmptyText
}
export interface Constraint {
  kind: 'permission' | 'safety' | 'deadline' | 'budget' | 'dependency' | 'exclusion' | 'other'
  text: NonEmptyText
}
export interface NextAction {
  summary: NonEmptyText
  verification: NonEmptyText
  dueAt?: string
}
export interface Ownership {
  nextActor: Actor
  reviewers?: Actor[]
}
export interface Actor {
  id: NonEmptyText
  displayName?: NonEmptyText
  type: 'human' | 'agent' | 'service'
}
export interface ReviewItem {
  id: NonEmptyText
  summary: NonEmptyText
  status: 'open' | 'resolved'
  artifactRef?: NonEmptyText
  revision?: number
  assignee?: Actor
  resolvedByRevision?: number
}
export interface Provenance {
  createdBy: Actor
  createdAt: string
  sourceRevision?: number
}
