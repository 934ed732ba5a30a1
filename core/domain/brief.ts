/** The stored daily brief (SPEC.md "Brief"): 7 article ids and the content-change stamp. */

/** Brief size (SPEC.md "Limits"). */
export const BRIEF_SIZE = 7;

/** The brief as stored in the `briefs` collection under `_id: 'current'`. */
export interface BriefDoc {
  _id: string;
  /** Ordered article ids; the first is the gentle lead. */
  item_ids: string[];
  /** Advances only when the composed selection changes. */
  generated_at: Date;
  /** When the brief job last ran (whether or not the selection changed). */
  checked_at: Date;
}
