export * from './docs';
export { allEdges, blockedEitherWaySet } from './edge-queries';
export type { HideReason } from './hide-rooms';
export { hiddenFromRooms, hideRoom, hideRoomChanges, hideRoomsOf, HIDING_EVENT_TYPES } from './hide-rooms';
export { applyRelationshipEvent, edgeOf, isRelationshipEvent, removeMemberEdges } from './relationship-edges';
