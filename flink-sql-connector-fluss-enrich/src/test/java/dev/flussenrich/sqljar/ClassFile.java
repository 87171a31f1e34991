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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a test needs of a class file (JVMS 4): the classes and members its constant pool names, and
 * per method the classes and members its bytecode uses. Read without a bytecode library, which
 * would have to be one the SQL jar does not bundle.
 */
final class ClassFile {

    /** A field or method of a class, as a constant pool or a method table names it. */
    record Member(String owner, String name, String descriptor) {}

    private final String name;
    private final Object[] constants;
    private final Map<String, byte[]> codeByMethod = new HashMap<>();

    private ClassFile(byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (in.readInt() != 0xCAFEBABE) {
            throw new IOException("Not a class file");
        }
        in.skipBytes(4); // minor and major version
        constants = readConstantPool(in);
        in.skipBytes(2); // access flags
        name = className(in.readUnsignedShort());
        in.skipBytes(2); // super class
        in.skipBytes(2 * in.readUnsignedShort()); // interfaces
        int fields = in.readUnsignedShort();
        for (int i = 0; i < fields; i++) {
            in.skipBytes(6);
            skipAttributes(in);
        }
        int methods = in.readUnsignedShort();
        for (int i = 0; i < methods; i++) {
            in.skipBytes(2);
            String method = (String) constants[in.readUnsignedShort()];
            String descriptor = (String) constants[in.readUnsignedShort()];
            int attributes = in.readUnsignedShort();
            for (int a = 0; a < attributes; a++) {
                String attribute = (String) constants[in.readUnsignedShort()];
                byte[] content = new byte[in.readInt()];
                in.readFully(content);
                if (attribute.equals("Code")) {
                    DataInputStream code = new DataInputStream(new ByteArrayInputStream(content));
                    code.skipBytes(4); // max stack, max locals
                    byte[] bytecode = new byte[code.readInt()];
                    code.readFully(bytecode);
                    codeByMethod.put(method + descriptor, bytecode);
                }
            }
        }
    }

    static ClassFile parse(byte[] bytes) throws IOException {
        return new ClassFile(bytes);
    }

    String name() {
        return name;
    }

    /** Internal names ({@code a/b/C}) of every class the constant pool names. */
    Set<String> referencedClasses() {
        Set<String> classes = new LinkedHashSet<>();
        for (Object constant : constants) {
            if (constant instanceof ClassRef ref) {
                classes.add(elementClass((String) constants[ref.nameIndex()]));
            }
        }
        classes.remove(null);
        return classes;
    }

    /** Every field and method the constant pool names (what the class uses of others). */
    Set<Member> referencedMembers() {
        Set<Member> members = new LinkedHashSet<>();
        for (Object constant : constants) {
            if (constant instanceof MemberRef ref && !onPrimitiveArray(ref)) {
                members.add(member(ref));
            }
        }
        return members;
    }

    /** The methods this class declares, as {@code name + descriptor}. */
    Set<String> methods() {
        return codeByMethod.keySet();
    }

    /**
     * The classes and members the bytecode of one method uses (empty for abstract and native
     * methods): what running it can load.
     */
    void usedBy(String methodAndDescriptor, Set<String> classes, Set<Member> members) {
        byte[] code = codeByMethod.get(methodAndDescriptor);
        if (code == null) {
            return;
        }
        int pc = 0;
        while (pc < code.length) {
            int opcode = code[pc] & 0xFF;
            switch (opcode) {
                case 0x12 -> use(code[pc + 1] & 0xFF, classes, members); // ldc
                case 0x13, 0x14, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xbb, 0xbd,
                                0xc0, 0xc1, 0xc5 ->
                        use(u2(code, pc + 1), classes, members);
                default -> {}
            }
            pc += length(code, pc);
        }
    }

    private void use(int index, Set<String> classes, Set<Member> members) {
        Object constant = constants[index];
        if (constant instanceof ClassRef ref) {
            String element = elementClass((String) constants[ref.nameIndex()]);
            if (element != null) {
                classes.add(element);
            }
        } else if (constant instanceof MemberRef ref && !onPrimitiveArray(ref)) {
            Member member = member(ref);
            classes.add(member.owner());
            members.add(member);
        }
    }

    private Member member(MemberRef ref) {
        NameAndType nameAndType = (NameAndType) constants[ref.nameAndTypeIndex()];
        return new Member(
                elementClass(className(ref.classIndex())),
                (String) constants[nameAndType.nameIndex()],
                (String) constants[nameAndType.descriptorIndex()]);
    }

    /** A method of an array of primitives, such as {@code int[].clone()}: no class to load. */
    private boolean onPrimitiveArray(MemberRef ref) {
        return elementClass(className(ref.classIndex())) == null;
    }

    private String className(int classIndex) {
        return (String) constants[((ClassRef) constants[classIndex]).nameIndex()];
    }

    /** The class an array type is made of, or null for arrays of primitives. */
    private static String elementClass(String name) {
        if (!name.startsWith("[")) {
            return name;
        }
        int element = name.indexOf('L');
        return element < 0 ? null : name.substring(element + 1, name.length() - 1);
    }

    /** The length of the instruction at pc, operands included (JVMS 6.5). */
    private static int length(byte[] code, int pc) {
        int opcode = code[pc] & 0xFF;
        switch (opcode) {
            case 0x10, 0x12, 0x15, 0x16, 0x17, 0x18, 0x19, 0x36, 0x37, 0x38, 0x39, 0x3a, 0xa9,
                    0xbc:
                return 2;
            case 0x11, 0x13, 0x14, 0x84, 0xa7, 0xa8, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8,
                    0xbb, 0xbd, 0xc0, 0xc1, 0xc6, 0xc7:
                return 3;
            case 0xc5:
                return 4;
            case 0xb9, 0xba, 0xc8, 0xc9:
                return 5;
            case 0xc4: // wide
                return (code[pc + 1] & 0xFF) == 0x84 ? 6 : 4;
            case 0xaa: // tableswitch
                {
                    int base = pc + 1 + ((4 - (pc + 1) % 4) % 4);
                    int low = s4(code, base + 4);
                    int high = s4(code, base + 8);
                    return base + 12 + 4 * (high - low + 1) - pc;
                }
            case 0xab: // lookupswitch
                {
                    int base = pc + 1 + ((4 - (pc + 1) % 4) % 4);
                    return base + 8 + 8 * s4(code, base + 4) - pc;
                }
            default:
                if (opcode >= 0x99 && opcode <= 0xa6) {
                    return 3; // if<cond>, if_<x>cmp<cond>
                }
                return 1;
        }
    }

    private static int u2(byte[] code, int at) {
        return ((code[at] & 0xFF) << 8) | (code[at + 1] & 0xFF);
    }

    private static int s4(byte[] code, int at) {
        return (u2(code, at) << 16) | u2(code, at + 2);
    }

    private record ClassRef(int nameIndex) {}

    private record MemberRef(int classIndex, int nameAndTypeIndex) {}

    private record NameAndType(int nameIndex, int descriptorIndex) {}

    private static Object[] readConstantPool(DataInputStream in) throws IOException {
        Object[] constants = new Object[in.readUnsignedShort()];
        for (int index = 1; index < constants.length; index++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> constants[index] = in.readUTF();
                case 7 -> constants[index] = new ClassRef(in.readUnsignedShort());
                case 9, 10, 11 ->
                        constants[index] =
                                new MemberRef(in.readUnsignedShort(), in.readUnsignedShort());
                case 12 ->
                        constants[index] =
                                new NameAndType(in.readUnsignedShort(), in.readUnsignedShort());
                case 8, 16, 19, 20 -> in.skipBytes(2);
                case 15 -> in.skipBytes(3);
                case 3, 4, 17, 18 -> in.skipBytes(4);
                case 5, 6 -> {
                    in.skipBytes(8);
                    index++; // takes two entries
                }
                default -> throw new IOException("Unknown constant pool tag " + tag);
            }
        }
        return constants;
    }

    private static void skipAttributes(DataInputStream in) throws IOException {
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
            in.skipBytes(2);
            in.skipBytes(in.readInt());
        }
    }

    /** All of a class's methods named as lambda bodies of the given method ({@code lambda$m$0}). */
    List<String> lambdasOf(String methodName) {
        List<String> lambdas = new ArrayList<>();
        for (String method : codeByMethod.keySet()) {
            if (method.startsWith("lambda$" + methodName + "$")) {
                lambdas.add(method);
            }
        }
        return lambdas;
    }
}
