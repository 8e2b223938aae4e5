export * from './docs';
export { allEdges, blockedEitherWaySet } from './edge-queries';
export { hideRoom, hiddenFromRooms, hideRoomsOf, hideRoomChanges, HIDING_EVENT_TYPES } from './hide-rooms';
export type { HideReason } from './hide-rooms';
export { applyRelationshipEvent, edgeOf, removeMemberEdges } from './relationship-edges';
