/**
 * A record of either input of a windowed coGroup (Flink's CoGroupedStreams.TaggedUnion): both
 * inputs are tagged, unioned and keyed, so one window operator holds both sides. @internal
 */
export class TaggedUnion<A, B> {
  private constructor(readonly one: A | undefined, readonly two: B | undefined, readonly isOne: boolean) {}
  static one<A, B>(v: A): TaggedUnion<A, B> {
    return new TaggedUnion<A, B>(v, undefined, true);
  }
  static two<A, B>(v: B): TaggedUnion<A, B> {
    return new TaggedUnion<A, B>(undefined, v, false);
  }
}
