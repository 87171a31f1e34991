/*
 * Copyright 2026 the fluss-enrich authors.
 * SPDX-License-Identifier: Apache-2.0
 */

package dev.flussenrich.gateway;

import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.session.SessionHandle;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every method of Flink's {@link SqlGatewayService}, as the Flink version of the test has it,
 * reaches the delegate once and unchanged: those of all Flink lines through {@link
 * ForwardingSqlGatewayService}, those of one line through the adapter of that line (Flink 2.x's
 * {@code deployScript}, with a script that planning leaves as it is).
 */
class ForwardingSqlGatewayServiceTest {

    @Test
    void everyMethodReachesTheDelegateOnceWithItsArguments() throws Exception {
        List<String> calls = new ArrayList<>();
        SqlGatewayService delegate =
                (SqlGatewayService)
                        Proxy.newProxyInstance(
                                SqlGatewayService.class.getClassLoader(),
                                new Class<?>[] {SqlGatewayService.class},
                                (proxy, method, args) -> {
                                    calls.add(call(method, args));
                                    return null;
                                });
        ForwardingSqlGatewayService forwarding =
                new ForwardingSqlGatewayService(delegate) {
                    @Override
                    protected String planScript(SessionHandle session, String script) {
                        return script;
                    }
                };

        List<String> checked = new ArrayList<>();
        for (Method method : SqlGatewayService.class.getMethods()) {
            if (method.isDefault() || Modifier.isStatic(method.getModifiers())) {
                continue;
            }
            Object[] args = sampleArguments(method);
            calls.clear();
            method.invoke(forwarding, args);
            assertThat(calls).as(method.toString()).containsExactly(call(method, args));
            checked.add(method.getName());
        }
        System.out.printf("Forwarded: %s%n", checked);
        assertThat(checked).contains("executeStatement", "openSession", "fetchResults");
    }

    /** A call as text; a proxy gets null for no arguments. */
    private static String call(Method method, Object[] args) {
        return method.getName() + Arrays.deepToString(args == null ? new Object[0] : args);
    }

    /** A distinct value for every parameter the forwarding might mix up, null for the others. */
    private static Object[] sampleArguments(Method method) {
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            Class<?> type = types[i];
            if (type == SessionHandle.class) {
                args[i] = SessionHandle.create();
            } else if (type == String.class) {
                args[i] = "text-" + i;
            } else if (type == long.class) {
                args[i] = 100L + i;
            } else if (type == int.class) {
                args[i] = 200 + i;
            } else if (type == boolean.class) {
                args[i] = true;
            }
        }
        return args;
    }
}
