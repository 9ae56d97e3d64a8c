/** The bounds of office hours live in shared/ so the settings screen checks the same figures. */
export { OFFICE_HOURS_LIMITS, SESSION_LENGTHS } from '../shared/office-hours-limits';
