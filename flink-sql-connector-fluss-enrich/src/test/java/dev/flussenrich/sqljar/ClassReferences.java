/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.sqljar;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes a class file names in its constant pool: every class whose members it uses, creates,
 * casts to or catches (JVMS 4.4). Read without a bytecode library, which would have to be one the
 * SQL jar does not bundle.
 */
final class ClassReferences {

    private ClassReferences() {}

    /** Internal names ({@code a/b/C}) of the classes referenced by a class file. */
    static Set<String> of(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("Not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        Map<Integer, String> utf8 = new HashMap<>();
        List<Integer> classNameIndexes = new ArrayList<>();
        for (int index = 1; index < count; index++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8.put(index, in.readUTF());
                case 7 -> classNameIndexes.add(in.readUnsignedShort());
                case 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    index++; // takes two entries
                }
                default -> throw new IOException("Unknown constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        for (int nameIndex : classNameIndexes) {
            String name = utf8.get(nameIndex);
            // Array classes ("[Lx/Y;") name their element type.
            int element = name.indexOf('L');
            if (name.startsWith("[")) {
                if (element < 0) {
                    continue; // an array of primitives
                }
                name = name.substring(element + 1, name.length() - 1);
            }
            names.add(name);
        }
        return names;
    }
}
