import { createInMemoryEventStore } from './in-memory-event-store';
import { describeEventStoreContract } from './event-store-contract';

describeEventStoreContract('in-memory', (clock) => createInMemoryEventStore({ clock }));
