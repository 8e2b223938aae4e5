export * from './docs';
export { allEdges, blockedEitherWaySet, type Circle, circleOf } from './edge-queries';
export type { HideReason, HidingEvent } from './hide-rooms';
export { hiddenFromRooms, hideRoom, hideRoomChanges, hideRoomsOf } from './hide-rooms';
export { applyRelationshipEvent, edgeOf, isRelationshipEvent, removeMemberEdges } from './relationship-edges';
